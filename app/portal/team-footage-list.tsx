import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import type { FootageItem } from "~/shared/client-page-port";
import { fill } from "~/shared/text";
import { fileSize } from "~/team/file-size";
import { useMomentText } from "~/team/moment";

const copy = portal.team.footage;

/** A clip's length as a player shows it: "0:03", "12:05", "1:02:09". */
export function clipLength(ms: number): string {
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** "29.97" for 30000/1001, "25" for 25/1: the rate to read (the exact one is stored). */
function framesPerSecond(rate: string): string {
  const [num = 0, den = 1] = rate.split("/").map(Number);
  const fps = num / den;
  return Number.isFinite(fps) ? String(Math.round(fps * 100) / 100) : rate;
}

/**
 * A client's footage, newest first: its poster, what it is (length, size, frame rate, sound),
 * the plan's minutes flag, and the original to download. `fileUrl` makes each file's address
 * (the team's: members only).
 */
export function TeamFootageList(props: {
  footage: FootageItem[];
  previews: boolean;
  fileUrl: (uploadId: string, file: "original" | "poster" | "preview") => string;
}) {
  const moment = useMomentText();
  return (
    <>
      {props.previews ? null : <p className="mt-3 text-sm text-amber-200">{copy.previewsOff}</p>}
      {props.footage.length === 0 ? (
        <p className="mt-3 text-zinc-400">{copy.none}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {props.footage.map((item) => {
            const date = moment(item.completedAt);
            const facts = [
              item.kind ? copy.kinds[item.kind] : undefined,
              item.durationMs !== null ? clipLength(item.durationMs) : undefined,
              item.width && item.height
                ? fill(copy.size, { width: item.width, height: item.height })
                : undefined,
              item.frameRate
                ? fill(copy.rate, { fps: framesPerSecond(item.frameRate) })
                : undefined,
              item.kind === "video" && item.hasAudio === false ? copy.noSound : undefined,
            ].filter(Boolean);
            return (
              <li
                key={item.id}
                data-upload={item.id}
                className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-surface p-4 sm:flex-row"
              >
                {item.hasPreview ? (
                  // biome-ignore lint/a11y/useMediaCaption: a client's raw footage has no captions
                  <video
                    controls
                    preload="none"
                    playsInline
                    poster={item.hasPoster ? props.fileUrl(item.id, "poster") : undefined}
                    aria-label={fill(copy.preview, { date })}
                    className="aspect-[16/9] w-full max-w-[240px] self-start rounded-lg bg-zinc-950 object-contain"
                  >
                    <source src={props.fileUrl(item.id, "preview")} type="video/mp4" />
                  </video>
                ) : item.hasPoster ? (
                  <img
                    src={props.fileUrl(item.id, "poster")}
                    alt={fill(copy.poster, { date })}
                    width={180}
                    loading="lazy"
                    className="h-auto w-full max-w-[180px] self-start rounded-lg bg-zinc-950"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  {facts.length > 0 ? (
                    <p className="font-semibold text-white" data-facts>
                      {facts.join(" · ")}
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm text-zinc-300">
                    {fill(copy.uploaded, { size: fileSize(item.size), date })}
                  </p>
                  {item.state === "waiting" ? (
                    <p className="mt-1 text-sm text-zinc-400">{copy.waiting}</p>
                  ) : null}
                  {item.state === "unreadable" ? (
                    <p className="mt-1 break-words text-sm text-amber-200">
                      {fill(copy.unreadable, { reason: item.reason ?? "" })}
                    </p>
                  ) : null}
                  {item.minutes.over ? (
                    <p
                      className="mt-2 inline-block rounded-full bg-amber-400/15 px-2 py-0.5 text-xs text-amber-200"
                      data-over
                    >
                      {fill(copy.over, {
                        minutes: item.minutes.minutes,
                        cap: item.minutes.capMinutes,
                      })}
                    </p>
                  ) : null}
                  <div className="mt-2">
                    <a
                      href={props.fileUrl(item.id, "original")}
                      download
                      className={buttonClass("outline", "sm")}
                      aria-label={fill(copy.downloadLabel, { date })}
                    >
                      {copy.download}
                    </a>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
