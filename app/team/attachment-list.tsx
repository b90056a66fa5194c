import { attachmentPath } from "~/shared/paths";
import type { ThreadMessage } from "~/shared/team-port";
import { fileSize } from "./file-size";

/**
 * The files that came with an email, each a download (the server sends them as attachments,
 * never to be shown in the page) with its size. Nothing when there are none.
 */
export function AttachmentList(props: {
  attachments: ThreadMessage["attachments"];
  label: string;
}) {
  if (props.attachments.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="text-xs font-semibold text-zinc-400">{props.label}</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {props.attachments.map((attachment) => (
          <li key={attachment.id} className="break-all">
            <a
              href={attachmentPath(attachment.id)}
              download
              className="text-brand-300 underline underline-offset-4"
            >
              {attachment.filename}
            </a>{" "}
            <span className="text-zinc-400">({fileSize(attachment.size)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
