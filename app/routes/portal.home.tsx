import { data, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TitledSection } from "~/components/ui/titled-section";
import { portal } from "~/content/portal";
import { portalCuts } from "~/content/portal-cuts";
import { portalSchedule } from "~/content/portal-schedule";
import { NewRequestForm } from "~/portal/new-request-form";
import { PortalShell } from "~/portal/portal-shell";
import { RequestList } from "~/portal/request-list";
import { portalMeta, signedInPerson } from "~/portal/route-helpers";
import { portalCutPath, portalPaths, portalRequestPath } from "~/shared/paths";
import type { NewRequestField } from "~/shared/portal-port";
import { fill } from "~/shared/text";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm } from "~/team/route-helpers";
import type { Route } from "./+types/portal.home";

const copy = portal.client;
const weekMs = 7 * 24 * 60 * 60 * 1000;

export const meta: Route.MetaFunction = () => portalMeta(portal.seo.home);

/** The client's space: their plan's week, their requests; `?made=` says what the last one did. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { portal: port, person } = signedInPerson(context);
  const space = await port.space();
  if (!space) throw data(null, { status: 401 });
  const made = space.requests.find(
    (one) => one.id === new URL(request.url).searchParams.get("made"),
  );
  const message = made
    ? made.startsWeek <= space.thisWeek
      ? fill(copy.newRequest.created, { title: made.title })
      : made.startsWeek === space.thisWeek + weekMs
        ? fill(copy.newRequest.createdNextWeek, { title: made.title })
        : fill(copy.newRequest.createdLater, {
            title: made.title,
            date: new Date(made.startsWeek).toISOString().slice(0, 10),
          })
    : undefined;
  return { person, space, message, today: new Date().toISOString().slice(0, 10) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { portal: port } = signedInPerson(context);
  const form = await postedForm(request);
  const outcome = await port.createRequest(form);
  if (outcome.ok) return redirect(`${portalPaths.home}?made=${outcome.request.id}`);
  const values: Partial<Record<NewRequestField, string>> = {};
  for (const name of ["title", "brief", "platform", "wishedDate"] as const) {
    values[name] = (form.get(name) ?? "").slice(0, 5000);
  }
  return data({ errors: outcome.fieldErrors, values }, { status: 400 });
}

export default function PortalHome({ loaderData, actionData }: Route.ComponentProps) {
  const { person, space, message, today } = loaderData;
  const { client } = space;
  // A client with requests comes back for them (a cut to review, footage to send): on a phone
  // they come first and the form is a link away. At 1440 px the form stays on the left. After a
  // refused request the form comes first, its messages on the first screen.
  const listFirst = space.requests.length > 0 && !actionData;
  const form = (
    <div className="min-w-0 lg:col-start-1 lg:row-start-1">
      <NewRequestForm errors={actionData?.errors} values={actionData?.values} today={today} />
    </div>
  );
  return (
    <PortalShell person={person}>
      <h1 className="text-3xl font-extrabold tracking-tight break-words text-white">
        {fill(copy.home.title, { client: client.name })}
      </h1>
      <p className="mt-2 text-zinc-300">
        {fill(copy.home.plan, { plan: client.plan, videos: client.videosPerWeek })}
      </p>
      <p className="mt-1 text-sm text-zinc-400" data-week-count>
        {fill(copy.home.weekCount, {
          count: space.requestsThisWeek,
          videos: client.videosPerWeek,
        })}
      </p>
      <p className="mt-3 flex flex-wrap gap-2">
        {listFirst ? (
          <a href="#new-request-title" className={buttonClass("primary", "sm", "lg:hidden")}>
            {copy.newRequest.title}
          </a>
        ) : null}
        <a href={portalPaths.schedule} className={buttonClass("outline", "sm")}>
          {portalSchedule.calendar.clientSchedule}
        </a>
      </p>
      <OutcomeNotice said={message ? { ok: true, message } : undefined} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        {listFirst ? null : form}
        <TitledSection
          id="requests-title"
          title={copy.home.requestsTitle}
          className="min-w-0 lg:col-start-2 lg:row-start-1"
        >
          <RequestList
            requests={space.requests}
            thisWeek={space.thisWeek}
            none={copy.home.none}
            footageHref={portalRequestPath}
            footage={space.footageByRequest}
            review={{
              href: portalCutPath,
              label: (request) =>
                request.state === "edit"
                  ? portalCuts.clientRequest.openInEdit
                  : portalCuts.clientRequest.open,
            }}
          />
        </TitledSection>
        {listFirst ? form : null}
      </div>
    </PortalShell>
  );
}
