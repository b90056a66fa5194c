import { data, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { portalSchedule } from "~/content/portal-schedule";
import { FeedBox, ScheduleCalendarView } from "~/portal/schedule-calendar";
import {
  scheduleQuery,
  teamClientPath,
  teamClientsPath,
  teamPostPath,
  teamSchedulePath,
} from "~/shared/paths";
import { type CalendarView, teamSchedulePort } from "~/shared/schedule-port";
import { ClientSectionTabs } from "~/team/client-section-tabs";
import { NamedOptions } from "~/team/named-options";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamPageError } from "~/team/team-not-found";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.schedule";

const copy = portalSchedule;

export const meta: Route.MetaFunction = () => teamMeta(copy.seo.teamSchedule);

const viewOf = (value: string | null): CalendarView => (value === "month" ? "month" : "week");

/** Every client's posts (or one client's, `?client=`), a week or a month; that client's feed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, teamSchedulePort);
  const query = new URL(request.url).searchParams;
  const clientId = query.get("client")?.slice(0, 100) || null;
  const calendar = await team.calendar(viewOf(query.get("view")), query.get("date"), clientId);
  const client = clientId ? calendar.clients.find((one) => one.id === clientId) : undefined;
  if (clientId && !client) throw data(null, { status: 404 });
  const feedUrl = client ? await team.feedUrl(client.id) : undefined;
  const message = query.get("done") === "rotated" ? copy.feed.rotated : undefined;
  return { member, calendar, client, feedUrl, message };
}

/** Makes a new feed address for the client shown (the old one answers 404 at once). */
export async function action({ request, context }: Route.ActionArgs) {
  const { team } = signedInMember(context, teamSchedulePort);
  const form = await postedForm(request);
  const clientId = (form.get("client") ?? "").slice(0, 100);
  if (form.get("intent") !== "rotate" || !(await team.rotateFeed(clientId))) {
    throw data(null, { status: 404 });
  }
  const query = new URL(request.url).searchParams;
  return redirect(
    `${teamSchedulePath}${scheduleQuery(viewOf(query.get("view")), query.get("date") ?? "", clientId)}&done=rotated`,
  );
}

export default function TeamSchedule({ loaderData }: Route.ComponentProps) {
  const { member, calendar, client, feedUrl, message } = loaderData;
  const here = `${teamSchedulePath}${scheduleQuery(calendar.view, calendar.anchor, client?.id)}`;
  return (
    <TeamShell member={member} current={teamClientsPath}>
      <ClientSectionTabs current={teamSchedulePath} />
      <h1 className="text-3xl font-extrabold tracking-tight text-white">
        {client ? `${copy.calendar.teamTitle}: ${client.name}` : copy.calendar.teamTitle}
      </h1>
      <OutcomeNotice said={message ? { ok: true, message } : undefined} />
      <form method="get" action={teamSchedulePath} className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="view" value={calendar.view} />
        <input type="hidden" name="date" value={calendar.anchor} />
        <label className="flex flex-col gap-1 text-sm text-zinc-100">
          {copy.calendar.client}
          <select
            name="client"
            defaultValue={client?.id ?? ""}
            className="rounded-lg border border-white/15 bg-ink px-3 py-2 text-zinc-100"
          >
            <NamedOptions none={copy.calendar.allClients} items={calendar.clients} />
          </select>
        </label>
        <button type="submit" className={buttonClass("outline", "sm")}>
          {copy.calendar.show}
        </button>
        {client ? (
          <a href={teamClientPath(client.id)} className={buttonClass("ghost", "sm")}>
            {client.name}
          </a>
        ) : null}
      </form>
      <ScheduleCalendarView
        calendar={calendar}
        path={teamSchedulePath}
        clientId={client?.id}
        showClient={!client}
        actions={(post) => (
          <a
            href={teamPostPath(post.clientId, post.requestId)}
            className={buttonClass("outline", "sm")}
            aria-label={`${copy.calendar.writePost}: ${post.clientName}, ${post.title}`}
          >
            {copy.calendar.writePost}
          </a>
        )}
      />
      {client && feedUrl ? (
        <FeedBox
          url={feedUrl}
          title={copy.feed.teamTitle}
          intro={copy.feed.teamIntro}
          action={here}
          clientId={client.id}
        />
      ) : null}
    </TeamShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TeamPageError error={error} />;
}
