import { data } from "react-router";
import { signedInPerson } from "~/portal/route-helpers";
import { versionNumber } from "~/portal/version-number";
import type { Route } from "./+types/portal.version-file";

/**
 * A version's poster and preview, and its original once the client approved it (before:
 * 404, the page says the original is locked). Range honoured; the session checked here.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { portal } = signedInPerson(context);
  const n = versionNumber(params.n);
  if (n === undefined) throw data(null, { status: 404 });
  const found = await portal.versionFile(params.id, n, params.file, request.headers.get("range"));
  if (!found) throw data(null, { status: 404 });
  return found;
}
