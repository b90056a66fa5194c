import { data } from "react-router";
import { messageFilesPort } from "~/shared/message-files-port";
import { signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.message-raw";
import { bytesToDownload } from "./team.attachment";

/**
 * A message that came in, whole, as it arrived: its .eml, to download (members only). What a
 * page shows of a long message is cut; this is the rest. Bytes only, as attachments are:
 * `application/octet-stream`, `attachment`, `nosniff` and a policy that runs nothing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { team } = signedInMember(context, messageFilesPort);
  const found = await team.rawMessage(params.id);
  if (!found) throw data(null, { status: 404 });
  return bytesToDownload(found.body, `message-${params.id}.eml`);
}
