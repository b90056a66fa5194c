import { data } from "react-router";
import { clientFootagePort } from "~/shared/client-footage-port";
import { signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.client-footage";

/**
 * One file of a client's upload (members only: the team's guard sends anyone without a session
 * to sign in, and signedInMember refuses a request without a member): the original as a download,
 * the poster and preview to show. Streamed from disk by the server, `Range` honoured, always
 * `nosniff`; 404 for a client, an upload or a file that is not there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { team } = signedInMember(context, clientFootagePort);
  const found = await team.footageFile(
    params.id,
    params.upload,
    params.file,
    request.headers.get("range"),
  );
  if (!found) throw data(null, { status: 404 });
  return found;
}
