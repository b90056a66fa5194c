import { clipLength } from "~/shared/clip-length";
import type { FootageItem } from "~/shared/footage-item";
import { fill } from "~/shared/text";

/**
 * What a finished upload looks like, shared by the team's client page and the client's request
 * page (each with its own copy and its own addresses): the preview over its poster, what the
 * file is, and the plan's minutes flag.
 */

/** The words of a file's facts (each audience's copy has them). */
export interface FootageFactsCopy {
  kinds: Record<"video" | "audio" | "image", string>;
  size: string;
  rate: string;
  noSound: string;
}

/** "29.97" for 30000/1001, "25" for 25/1: the rate to read (the exact one is stored). */
function framesPerSecond(rate: string): string {
  const [num = 0, den = 1] = rate.split("/").map(Number);
  const fps = num / den;
  return Number.isFinite(fps) ? String(Math.round(fps * 100) / 100) : rate;
}

/** "Video · 0:03 · 640 × 360 · 29.97 fps", "no sound" when a video is silent. */
export function footageFacts(item: FootageItem, copy: FootageFactsCopy): string {
  return [
    item.kind ? copy.kinds[item.kind] : undefined,
    item.durationMs !== null ? clipLength(item.durationMs) : undefined,
    item.width && item.height
      ? fill(copy.size, { width: item.width, height: item.height })
      : undefined,
    item.frameRate ? fill(copy.rate, { fps: framesPerSecond(item.frameRate) }) : undefined,
    item.kind === "video" && item.hasAudio === false ? copy.noSound : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The preview (a native player: nothing fetched until it is played) over its poster, else the
 * poster alone, else nothing. `fileUrl` gives the audience's address of each.
 */
export function FootagePreview(props: {
  item: FootageItem;
  fileUrl: (file: "poster" | "preview") => string;
  previewLabel: string;
  posterLabel: string;
}) {
  const { item } = props;
  if (item.hasPreview) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a client's raw footage has no captions
      <video
        controls
        preload="none"
        playsInline
        poster={item.hasPoster ? props.fileUrl("poster") : undefined}
        aria-label={props.previewLabel}
        className="aspect-[16/9] w-full max-w-[240px] self-start rounded-lg bg-zinc-950 object-contain"
      >
        <source src={props.fileUrl("preview")} type="video/mp4" />
      </video>
    );
  }
  if (!item.hasPoster) return null;
  return (
    <img
      src={props.fileUrl("poster")}
      alt={props.posterLabel}
      width={180}
      loading="lazy"
      className="h-auto w-full max-w-[180px] self-start rounded-lg bg-zinc-950"
    />
  );
}

/** The plan's minutes flag, when the clip is over ("11 min: over the plan's 10 min per video"). */
export function OverMinutes(props: { item: FootageItem; text: string }) {
  const { minutes } = props.item;
  if (!minutes.over) return null;
  return (
    <p
      className="mt-2 inline-block rounded-lg bg-amber-400/15 px-2 py-0.5 text-xs text-amber-200"
      data-over
    >
      {fill(props.text, { minutes: minutes.minutes, cap: minutes.capMinutes })}
    </p>
  );
}
