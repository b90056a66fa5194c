import { data } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { portal } from "~/content/portal";
import { PortalShell } from "~/portal/portal-shell";
import { RequestErrorBoundary } from "~/portal/request-not-found";
import { reviewAnswer } from "~/portal/review-answer";
import { ReviewView } from "~/portal/review-view";
import { requestMeta, signedInPerson } from "~/portal/route-helpers";
import { versionNumber } from "~/portal/version-number";
import { portalRequestPath, portalVersionFilePath, portalVersionPath } from "~/shared/paths";
import { postedForm } from "~/team/route-helpers";
import type { Route } from "./+types/portal.version";

const requestCopy = portal.client.request;

export const meta: Route.MetaFunction = ({ loaderData }) => requestMeta(loaderData?.page.request);

/**
 * One version of one of the person's client's requests (`/portal/requests/:id/versions/:n`):
 * the cut, its comments, and (the latest, undecided) approve or ask for changes. Another
 * client's request, or a version that is not there, is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { portal: port, person } = signedInPerson(context);
  const n = versionNumber(params.n);
  if (n === undefined) throw data(null, { status: 404 });
  const page = await port.review(params.id, n);
  if (!page) throw data(null, { status: 404 });
  return { person, page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { portal: port } = signedInPerson(context);
  const n = versionNumber(params.n);
  if (n === undefined) throw data(null, { status: 404 });
  const form = await postedForm(request);
  const outcome = await port.reviewAct(params.id, n, form);
  if (!outcome) throw data(null, { status: 404 });
  return reviewAnswer(form, outcome);
}

export default function PortalVersion({ loaderData, actionData }: Route.ComponentProps) {
  const { person, page } = loaderData;
  const requestId = page.request.id;
  return (
    <PortalShell person={person}>
      <BackLink href={portalRequestPath(requestId)}>{requestCopy.back}</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-white">
        {page.request.title}
      </h1>
      <ReviewView
        side="client"
        page={page}
        versionHref={(n) => portalVersionPath(requestId, n)}
        fileUrl={(n, file) => portalVersionFilePath(requestId, n, file)}
        said={actionData ? { ok: actionData.ok, message: actionData.message } : undefined}
        typed={actionData?.typed}
      />
    </PortalShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorBoundary error={error} />;
}
