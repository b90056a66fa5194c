import { data } from "react-router";
import { versionNumber } from "~/portal/version-number";
import { clientReviewPort } from "~/shared/review-port";
import { signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.client-version-file";

/**
 * A file of a version, for members (decision 0091): `original` (a download), `poster`,
 * `preview` (Range honoured), and the comments as markers: `markers.csv`, `markers.edl`,
 * `markers.fcpxml`, at the version's frame rate. 404 for anything that is not there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { team } = signedInMember(context, clientReviewPort);
  const n = versionNumber(params.n);
  if (n === undefined) throw data(null, { status: 404 });
  const found = await team.versionFile(
    params.id,
    params.request,
    n,
    params.file,
    request.headers.get("range"),
  );
  if (!found) throw data(null, { status: 404 });
  return found;
}
