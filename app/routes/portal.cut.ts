import { data, redirect } from "react-router";
import { signedInPerson } from "~/portal/route-helpers";
import { portalRequestPath, portalVersionPath } from "~/shared/paths";
import type { Route } from "./+types/portal.cut";

/**
 * The stable link to a request's cut (`/portal/requests/:id/cut`, what the cut-ready email
 * carries): opens its latest version; before the first, the request's page. Another client's
 * request is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { portal } = signedInPerson(context);
  const page = await portal.review(params.id);
  if (!page) throw data(null, { status: 404 });
  const latest = page.versions.at(-1);
  return redirect(
    latest ? portalVersionPath(page.request.id, latest.number) : portalRequestPath(page.request.id),
  );
}
