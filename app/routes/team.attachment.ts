import { data } from "react-router";
import { messageFilesPort } from "~/shared/message-files-port";
import { signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.attachment";

/**
 * A file a reply came with, to download (members only: the guard and signedInMember). Always
 * bytes: `application/octet-stream`, `nosniff` and `attachment`, whatever the sender called
 * it, so nothing a stranger sent is ever rendered on our origin.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { team } = signedInMember(context, messageFilesPort);
  const found = await team.attachment(params.id);
  if (!found) throw data(null, { status: 404 });
  return bytesToDownload(found.body, found.filename);
}

/** Bytes as a download, never rendered: octet-stream, `attachment`, nosniff, nothing runs. */
export function bytesToDownload(body: Uint8Array, filename: string): Response {
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": contentDisposition(filename),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): a plain-ASCII fallback without
 * quotes, backslashes or control characters, and the name in UTF-8, percent-encoded.
 */
export function contentDisposition(filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = filename.replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, "").trim() || "attachment";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_").replace(/["%;]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
