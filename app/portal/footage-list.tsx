import { portal } from "~/content/portal";
import type { PortalFootage } from "~/shared/portal-port";
import { fill } from "~/shared/text";
import { percentOf, sizeText } from "./upload-figures";

const copy = portal.client.request;

/**
 * A request's footage as the server holds it: each finished file by name, size and when it
 * arrived (newest first), then the ones not finished with how far they got. Those this tab is
 * sending right now (`sending`) are left to the uploader, which shows them live.
 */
export function FootageList(props: { footage: PortalFootage[]; sending: ReadonlySet<string> }) {
  const shown = props.footage.filter(
    (file) => file.completedAt !== null || !props.sending.has(file.id),
  );
  if (shown.length === 0) return <p className="mt-3 text-zinc-400">{copy.noFootage}</p>;
  return (
    <ul className="mt-3 flex flex-col gap-2" data-footage-list>
      {shown.map((file) => (
        <li
          key={file.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl border border-white/10 bg-surface px-4 py-3"
          data-footage={file.id}
        >
          <span className="min-w-0 font-medium break-all text-white">
            {file.name || copy.unnamed}
          </span>
          <span className="text-sm text-zinc-300">
            {file.completedAt !== null
              ? fill(copy.done, {
                  size: sizeText(file.size),
                  date: new Date(file.completedAt).toISOString().slice(0, 16).replace("T", " "),
                })
              : fill(copy.partial, {
                  size: sizeText(file.size),
                  percent: percentOf(file.received, file.size),
                })}
          </span>
        </li>
      ))}
    </ul>
  );
}
