import { data } from "react-router";
import { clientsPort } from "~/portal/route-helpers";
import type { Route } from "./+types/team.client-footage";

/**
 * One file of a client's upload (members only: the team's guard sends anyone without a session
 * to sign in, and clientsPort refuses a request without a member): the original as a download,
 * the poster and preview to show. Streamed from disk by the server, `Range` honoured, always
 * `nosniff`; 404 for a client, an upload or a file that is not there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { clients } = clientsPort(context);
  const found = await clients.footageFile(
    params.id,
    params.upload,
    params.file,
    request.headers.get("range"),
  );
  if (!found) throw data(null, { status: 404 });
  return found;
}
