import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import type { FootageItem } from "~/shared/footage-item";
import { fill } from "~/shared/text";
import { fileSize } from "~/team/file-size";
import { useMomentText } from "~/team/moment";
import { FootagePreview, footageFacts, OverMinutes } from "./footage-media";

const copy = portal.team.footage;

/**
 * A client's footage, newest first: its poster, what it is (length, size, frame rate, sound),
 * the plan's minutes flag, and the original to download. `fileUrl` makes each file's address
 * (the team's: members only).
 */
export function TeamFootageList(props: {
  footage: FootageItem[];
  previews: boolean;
  fileUrl: (uploadId: string, file: "original" | "poster" | "preview") => string;
  /** The client's page: the request each file was sent for, a link to its page. */
  request?: (requestId: string) => { title: string; href: string } | undefined;
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
            const facts = footageFacts(item, copy);
            const forRequest = item.requestId ? props.request?.(item.requestId) : undefined;
            return (
              <li
                key={item.id}
                data-upload={item.id}
                className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-surface p-4 sm:flex-row"
              >
                <FootagePreview
                  item={item}
                  fileUrl={(file) => props.fileUrl(item.id, file)}
                  previewLabel={fill(copy.preview, { date })}
                  posterLabel={fill(copy.poster, { date })}
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-white" data-name>
                    {item.name || copy.unnamed}
                  </p>
                  {facts ? (
                    <p className="mt-1 text-sm text-zinc-200" data-facts>
                      {facts}
                    </p>
                  ) : null}
                  {forRequest ? (
                    <p className="mt-1 text-sm text-zinc-300">
                      <a
                        href={forRequest.href}
                        className="text-brand-300 underline underline-offset-4"
                      >
                        {fill(copy.forRequest, { title: forRequest.title })}
                      </a>
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
                  <OverMinutes item={item} text={copy.over} />
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
