import { useState } from "react";
import { data, useRevalidator } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { TitledSection } from "~/components/ui/titled-section";
import { portal } from "~/content/portal";
import { portalCuts as copy } from "~/content/portal-cuts";
import { FootageUploader } from "~/portal/footage-uploader";
import { reviewAnswer } from "~/portal/review-answer";
import { ReviewView } from "~/portal/review-view";
import { TeamFootageList } from "~/portal/team-footage-list";
import { versionNumber } from "~/portal/version-number";
import {
  teamClientPath,
  teamClientsPath,
  teamCutUploadsPath,
  teamFootagePath,
  teamRequestPath,
  teamVersionFilePath,
  teamVersionPath,
} from "~/shared/paths";
import { clientReviewPort } from "~/shared/review-port";
import { fill } from "~/shared/text";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamPageError } from "~/team/team-not-found";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.client-request";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  teamMeta(
    loaded ? `${loaded.page.request.title} · ${loaded.page.client.name}` : portal.seo.clients,
  );

/**
 * The team's page of one client's request (`/team/clients/:id/requests/:request`, its latest
 * version) and of one version (`…/versions/:n`): upload a cut (it becomes the next version),
 * watch a version, comment, reply, resolve, export the markers. Members only; another client's
 * request, or a version that is not there, is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, clientReviewPort);
  const wanted = params.n === undefined ? undefined : versionNumber(params.n);
  if (params.n !== undefined && wanted === undefined) throw data(null, { status: 404 });
  const [page, footage] = await Promise.all([
    team.review(params.id, params.request, wanted, member.id),
    team.footage(params.id, params.request),
  ]);
  if (!page) throw data(null, { status: 404 });
  return { member, page, footage };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, clientReviewPort);
  const form = await postedForm(request);
  const wanted = params.n === undefined ? undefined : versionNumber(params.n);
  const page = await team.review(params.id, params.request, wanted);
  if (!page?.version) throw data(null, { status: 404 });
  // Comments show the member's display name (their address when they have none).
  const author = { id: member.id, name: member.name || member.email };
  const outcome = await team.act(params.id, params.request, page.version.number, author, form);
  if (!outcome) throw data(null, { status: 404 });
  return reviewAnswer(form, outcome);
}

export default function TeamClientRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { member, page, footage } = loaderData;
  const revalidator = useRevalidator();
  const [, setSending] = useState(0);
  const clientId = page.client.id;
  const requestId = page.request.id;
  return (
    <TeamShell member={member} current={teamClientsPath}>
      <BackLink href={teamClientPath(clientId)}>{copy.teamRequest.back}</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-white">
        {page.request.title}
      </h1>
      <p className="mt-1 text-zinc-300">
        {page.client.name} · {page.request.platform}
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-zinc-300">{page.request.brief}</p>
      <ReviewView
        side="team"
        page={page}
        versionHref={(n) => teamVersionPath(clientId, requestId, n)}
        fileUrl={(n, file) => teamVersionFilePath(clientId, requestId, n, file)}
        said={actionData ? { ok: actionData.ok, message: actionData.message } : undefined}
        typed={actionData?.typed}
      />
      {page.version ? (
        <section aria-labelledby="markers-title" className="mt-6">
          <h2 id="markers-title" className="font-semibold text-white">
            {copy.markers.title}
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            {(["csv", "edl", "fcpxml"] as const).map((format) => (
              <a
                key={format}
                href={teamVersionFilePath(
                  clientId,
                  requestId,
                  page.version?.number ?? 1,
                  `markers.${format}`,
                )}
                className={buttonClass("outline", "sm")}
                download
              >
                {copy.markers[format]}
              </a>
            ))}
          </div>
        </section>
      ) : null}
      <TitledSection
        id="client-footage-title"
        title={portal.team.footage.requestTitle}
        className="mt-8"
      >
        <TeamFootageList
          footage={footage}
          previews={page.previews}
          fileUrl={(upload, file) => teamFootagePath(clientId, upload, file)}
        />
      </TitledSection>
      <TitledSection id="cut-title" title={copy.uploadTitle} className="mt-8 max-w-2xl">
        <p className="mt-1 text-sm text-zinc-300">{copy.uploadHelp}</p>
        <FootageUploader
          requestId={`cut-${requestId}`}
          target={{
            endpoint: teamCutUploadsPath,
            metadata: { client: clientId, request: requestId },
          }}
          footage={[]}
          onSending={() => setSending((n) => n + 1)}
          onDone={() => revalidator.revalidate()}
        />
        <p className="mt-2 text-xs text-zinc-400">
          <a href={teamRequestPath(clientId, requestId)} className="underline">
            {fill(copy.latestLink, {})}
          </a>
        </p>
      </TitledSection>
    </TeamShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TeamPageError error={error} />;
}
