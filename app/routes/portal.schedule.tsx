import { data, Form, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import { portalSchedule } from "~/content/portal-schedule";
import { PortalShell } from "~/portal/portal-shell";
import { portalMeta, signedInPerson } from "~/portal/route-helpers";
import { FeedBox, ScheduleCalendarView } from "~/portal/schedule-calendar";
import { portalPaths, scheduleQuery } from "~/shared/paths";
import type { CalendarView } from "~/shared/schedule-port";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm } from "~/team/route-helpers";
import type { Route } from "./+types/portal.schedule";

const copy = portalSchedule;

export const meta: Route.MetaFunction = () => portalMeta(copy.seo.clientSchedule);

const viewOf = (value: string | null): CalendarView => (value === "month" ? "month" : "week");

/** The client's posting schedule (a week or a month), and its feed's address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { portal: port, person } = signedInPerson(context);
  const query = new URL(request.url).searchParams;
  const [calendar, feedUrl] = await Promise.all([
    port.schedule.calendar(viewOf(query.get("view")), query.get("date")),
    port.schedule.feedUrl(),
  ]);
  const done = query.get("done");
  const message =
    done === "approved"
      ? copy.calendar.approvedMessage
      : done === "rotated"
        ? copy.feed.rotated
        : undefined;
  return { person, calendar, feedUrl, message };
}

/** Approves a post (its revision as shown), or makes a new feed address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { portal: port } = signedInPerson(context);
  const form = await postedForm(request);
  const query = new URL(request.url).searchParams;
  const back = (done: string) =>
    `${portalPaths.schedule}${scheduleQuery(viewOf(query.get("view")), query.get("date") ?? "")}&done=${done}`;
  if (form.get("intent") === "rotate") {
    await port.schedule.rotateFeed();
    return redirect(back("rotated"));
  }
  if (form.get("intent") === "approve") {
    const revision = Number(form.get("revision") ?? "");
    const outcome = await port.schedule.approve(
      (form.get("post") ?? "").slice(0, 100),
      Number.isInteger(revision) ? revision : -1,
    );
    if (outcome.ok) return redirect(back("approved"));
    const status = outcome.error === "not_found" ? 404 : 409;
    return data(
      { ok: false, message: copy.calendar.approveErrors[outcome.error] ?? "" },
      { status },
    );
  }
  return data({ ok: false, message: copy.calendar.approveErrors.not_found ?? "" }, { status: 400 });
}

export default function PortalSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { person, calendar, feedUrl, message } = loaderData;
  const said = actionData ?? (message ? { ok: true, message } : undefined);
  const here = `${portalPaths.schedule}${scheduleQuery(calendar.view, calendar.anchor)}`;
  return (
    <PortalShell person={person} wide>
      <BackLink href={portalPaths.home}>{portal.client.request.back}</BackLink>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-white">
        {copy.calendar.clientTitle}
      </h1>
      <OutcomeNotice said={said} />
      <ScheduleCalendarView
        calendar={calendar}
        path={portalPaths.schedule}
        actions={(post) =>
          post.state === "waiting" || post.state === "changed" ? (
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="post" value={post.id} />
              <input type="hidden" name="revision" value={post.revision} />
              <button
                type="submit"
                className={buttonClass("primary", "sm")}
                aria-label={`${copy.calendar.approve}: ${post.platform}, ${post.title}`}
              >
                {copy.calendar.approveShort}
              </button>
            </Form>
          ) : null
        }
      />
      <FeedBox url={feedUrl} title={copy.feed.title} intro={copy.feed.intro} action={here} />
    </PortalShell>
  );
}
