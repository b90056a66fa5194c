import { useCallback, useState } from "react";
import { data, useRevalidator } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { TitledSection } from "~/components/ui/titled-section";
import { portal } from "~/content/portal";
import { portalCuts } from "~/content/portal-cuts";
import { FootageComplete } from "~/portal/footage-complete";
import { FootageList } from "~/portal/footage-list";
import { FootageUploader } from "~/portal/footage-uploader";
import { PortalShell } from "~/portal/portal-shell";
import { RequestErrorBoundary } from "~/portal/request-not-found";
import { RequestTags } from "~/portal/request-tags";
import { requestMeta, signedInPerson } from "~/portal/route-helpers";
import { portalCutPath, portalPaths } from "~/shared/paths";
import { fill } from "~/shared/text";
import type { Route } from "./+types/portal.request";

const copy = portal.client.request;

export const meta: Route.MetaFunction = ({ loaderData }) => requestMeta(loaderData?.page.request);

/** One of the person's client's requests with its footage; any other id is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { portal: port, person } = signedInPerson(context);
  const [page, clock] = await Promise.all([port.request(params.id), port.clock(params.id)]);
  if (!page || !clock) throw data(null, { status: 404 });
  return { person, page, clock };
}

/**
 * "My footage is complete" (decision 0093): starts the plan's clock once; another id is a 404, a
 * request whose first cut is already there a 409 that says so.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { portal: port } = signedInPerson(context);
  const outcome = await port.markFootageComplete(params.id);
  if (outcome === "unknown") {
    return data({ ok: false, message: portal.clock.footageCompleteUnknown }, { status: 404 });
  }
  if (outcome === "delivered") {
    return data({ ok: false, message: portal.clock.footageCompleteDelivered }, { status: 409 });
  }
  return data({ ok: true, message: portal.clock.footageCompleteMarked });
}

export default function PortalRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { person, page, clock } = loaderData;
  const { request } = page;
  const revalidator = useRevalidator();
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const onSending = useCallback((id: string, on: boolean) => {
    setSending((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return (
    <PortalShell person={person}>
      <BackLink href={portalPaths.home}>{copy.back}</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-white">
        {request.title}
      </h1>
      <p className="mt-3 flex flex-wrap items-center gap-2">
        <RequestTags request={request} thisWeek={page.thisWeek} />
      </p>
      <p className="mt-2 text-sm text-zinc-300">
        {fill(portal.client.home.wished, { date: request.wishedDate })}
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-zinc-300">{request.brief}</p>
      <a href={portalCutPath(request.id)} className={buttonClass("outline", "sm", "mt-4")}>
        {portalCuts.clientRequest.open}
      </a>
      <FootageComplete clock={clock} cutDelivered={request.state !== "edit"} said={actionData} />
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <TitledSection id="footage-title" title={copy.footageTitle} className="min-w-0">
          <FootageList footage={page.footage} sending={sending} previews={page.previews} />
        </TitledSection>
        <TitledSection id="add-title" title={copy.addTitle} className="min-w-0">
          <FootageUploader
            requestId={request.id}
            footage={page.footage}
            onSending={onSending}
            onDone={() => revalidator.revalidate()}
          />
        </TitledSection>
      </div>
    </PortalShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorBoundary error={error} />;
}
