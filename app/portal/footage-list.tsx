import { portal } from "~/content/portal";
import { portalFootagePath } from "~/shared/paths";
import type { PortalFootage } from "~/shared/portal-port";
import { fill } from "~/shared/text";
import { FootagePreview, footageFacts, OverMinutes } from "./footage-media";
import { percentOf, sizeText } from "./upload-figures";

const copy = portal.client.request;
const media = portal.client.footage;

/** A finished file: its preview over its poster, its name, what it is, and the plan's flag. */
function FinishedFile(props: { file: PortalFootage; previews: boolean }) {
  const { file } = props;
  const name = file.name || copy.unnamed;
  const item = file.item;
  const facts = item ? footageFacts(item, media) : "";
  return (
    // Side by side when its box is wide enough (a container query: at 1440 px the list is half
    // the page and its names broke letter by letter beside the player), else one over the other.
    <div className="flex flex-col gap-3 @md:flex-row">
      {item ? (
        <FootagePreview
          item={item}
          fileUrl={(which) => portalFootagePath(file.id, which)}
          previewLabel={fill(media.preview, { name })}
          posterLabel={fill(media.poster, { name })}
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-white">{name}</p>
        {facts ? (
          <p className="mt-1 text-sm text-zinc-200" data-facts>
            {facts}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-zinc-300">
          {fill(copy.done, {
            size: sizeText(file.size),
            date: new Date(file.completedAt ?? 0).toISOString().slice(0, 16).replace("T", " "),
          })}
        </p>
        {props.previews && (!item || item.state === "waiting") ? (
          <p className="mt-1 text-sm text-zinc-400" data-preparing>
            {media.preparing}
          </p>
        ) : null}
        {item?.state === "unreadable" ? (
          <p className="mt-1 text-sm text-amber-200">{media.unreadable}</p>
        ) : null}
        {item ? <OverMinutes item={item} text={media.over} /> : null}
      </div>
    </div>
  );
}

/**
 * A request's footage as the server holds it: each finished file with its poster, preview,
 * name, length, size, when it arrived and the plan's minutes flag (newest first), then the
 * ones not finished with how far they got. Those this tab is sending right now (`sending`) are
 * left to the uploader, which shows them live. Without ffmpeg on the server, it says previews
 * are off.
 */
export function FootageList(props: {
  footage: PortalFootage[];
  sending: ReadonlySet<string>;
  previews: boolean;
}) {
  const shown = props.footage.filter(
    (file) => file.completedAt !== null || !props.sending.has(file.id),
  );
  return (
    <>
      {props.previews ? null : (
        <p className="mt-3 text-sm text-amber-200" data-previews-off>
          {media.previewsOff}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="mt-3 text-zinc-400">{copy.noFootage}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" data-footage-list>
          {shown.map((file) => (
            <li
              key={file.id}
              className="@container rounded-xl border border-white/10 bg-surface px-4 py-3"
              data-footage={file.id}
            >
              {file.completedAt !== null ? (
                <FinishedFile file={file} previews={props.previews} />
              ) : (
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="min-w-0 font-medium break-all text-white">
                    {file.name || copy.unnamed}
                  </span>
                  <span className="text-sm text-zinc-300">
                    {fill(copy.partial, {
                      size: sizeText(file.size),
                      percent: percentOf(file.received, file.size),
                    })}
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
