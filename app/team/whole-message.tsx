import { team } from "~/content/team";
import { rawMessagePath } from "~/shared/paths";
import type { ThreadMessage } from "~/shared/team-port";
import { fill } from "~/shared/text";

const copy = team.wholeMessage;

/**
 * What a page left out of an email (its text beyond the bound, attachments beyond those
 * listed) and the link to the whole of it, its .eml as it arrived. Nothing when nothing was
 * left out and it has no raw copy to offer.
 */
export function WholeMessage({ message }: { message: ThreadMessage }) {
  const more = message.moreAttachments ?? 0;
  if (!message.cut && more === 0 && !message.raw) return null;
  return (
    <p className="mt-2 text-sm text-zinc-400">
      {message.cut ? `${copy.cut} ` : null}
      {more > 0 ? `${fill(copy.moreAttachments, { count: String(more) })} ` : null}
      {message.raw ? (
        <a
          href={rawMessagePath(message.id)}
          download
          className="text-brand-300 underline underline-offset-4"
        >
          {copy.download}
        </a>
      ) : null}
    </p>
  );
}
