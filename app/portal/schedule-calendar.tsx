import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { portalSchedule } from "~/content/portal-schedule";
import { scheduleQuery } from "~/shared/paths";
import type { ScheduleCalendar, SchedulePost } from "~/shared/schedule-port";
import { fill } from "~/shared/text";

const copy = portalSchedule.calendar;
const stateLabel = {
  approved: copy.approved,
  waiting: copy.waiting,
  changed: copy.changed,
  planned: copy.planned,
} as const;
const stateClass = {
  approved: "bg-emerald-500/15 text-emerald-200",
  waiting: "bg-amber-500/15 text-amber-200",
  changed: "bg-amber-500/15 text-amber-200",
  planned: "bg-white/10 text-zinc-300",
} as const;

/** "Tue 1 Dec" of a YYYY-MM-DD day. */
function dayLabel(date: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  }).format(new Date(`${date}T00:00:00Z`));
}

function monthLabel(date: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A week or a month of posts, server-rendered: plain links move between weeks and months (no
 * JavaScript). Each post: its time in its own zone, platform, title, the caption's start and
 * whether it is approved. `showClient`: the team's view of every client. `actions`: what a post
 * offers (the client's Approve, the team's link to the post).
 */
export function ScheduleCalendarView(props: {
  calendar: ScheduleCalendar;
  path: string;
  clientId?: string | null;
  showClient?: boolean;
  actions?: (post: SchedulePost) => ReactNode;
}) {
  const { calendar, path } = props;
  const link = (view: string, date: string) =>
    `${path}${scheduleQuery(view, date, props.clientId)}`;
  const heading =
    calendar.view === "week"
      ? fill(copy.weekOf, { date: dayLabel(calendar.days[0]?.date ?? calendar.anchor) })
      : monthLabel(calendar.anchor);
  const empty = calendar.days.every((day) => day.posts.length === 0);
  return (
    <section aria-labelledby="calendar-title" className="mt-6" data-calendar={calendar.view}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="calendar-title" className="mr-auto text-xl font-bold text-white">
          {heading}
        </h2>
        <nav aria-label={copy.teamTitle} className="flex flex-wrap gap-2">
          <a
            href={link("week", calendar.anchor)}
            aria-current={calendar.view === "week" ? "page" : undefined}
            className={buttonClass(calendar.view === "week" ? "primary" : "outline", "sm")}
          >
            {copy.week}
          </a>
          <a
            href={link("month", calendar.anchor)}
            aria-current={calendar.view === "month" ? "page" : undefined}
            className={buttonClass(calendar.view === "month" ? "primary" : "outline", "sm")}
          >
            {copy.month}
          </a>
          <a href={link(calendar.view, calendar.previous)} className={buttonClass("outline", "sm")}>
            {copy.previous}
          </a>
          <a href={link(calendar.view, calendar.today)} className={buttonClass("outline", "sm")}>
            {copy.today}
          </a>
          <a href={link(calendar.view, calendar.next)} className={buttonClass("outline", "sm")}>
            {copy.next}
          </a>
        </nav>
      </div>
      {calendar.truncated ? (
        <p className="mt-3 text-sm text-amber-200">
          {fill(copy.tooMany, { count: calendar.shown })}
        </p>
      ) : null}
      {empty ? <p className="mt-4 text-zinc-400">{copy.none}</p> : null}
      <ol
        className={`mt-4 grid gap-2 ${calendar.view === "month" ? "sm:grid-cols-7" : "lg:grid-cols-7"}`}
      >
        {calendar.days.map((day) => (
          <li
            key={day.date}
            data-day={day.date}
            className={`min-w-0 rounded-xl border border-white/10 p-2 ${
              day.posts.length === 0 ? "hidden sm:block" : ""
            } ${day.outside ? "opacity-60" : ""} ${day.date === calendar.today ? "border-brand-400" : ""}`}
          >
            <h3 className="text-sm font-semibold text-zinc-200">{dayLabel(day.date)}</h3>
            {day.posts.length > 0 ? (
              <ul className="mt-2 flex flex-col gap-2">
                {day.posts.map((post) => (
                  <li
                    key={post.id}
                    data-post={post.id}
                    className="rounded-lg bg-surface p-2 text-sm"
                  >
                    <p className="font-semibold text-white">
                      {post.localTime}{" "}
                      <span className="block text-xs font-normal break-words text-zinc-300">
                        ({post.timeZone})
                      </span>
                    </p>
                    <p className="text-zinc-200">{post.platform}</p>
                    {props.showClient ? <p className="text-zinc-400">{post.clientName}</p> : null}
                    <p className="break-words font-medium text-white">{post.title}</p>
                    <p className="break-words text-zinc-300">
                      {post.caption.length > 80 ? `${post.caption.slice(0, 80)}…` : post.caption}
                    </p>
                    <p
                      className={`mt-1 inline-block rounded px-2 py-0.5 text-xs ${stateClass[post.state]}`}
                      data-state={post.state}
                    >
                      {stateLabel[post.state]}
                    </p>
                    {props.actions ? <div className="mt-2">{props.actions(post)}</div> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The feed's address in a read-only box to copy, with its rotation form. */
export function FeedBox(props: {
  url: string;
  title: string;
  intro: string;
  /** Where "Make a new address" posts (the page itself); `clientId`: the team's, whose feed. */
  action: string;
  clientId?: string;
}) {
  const words = portalSchedule.feed;
  return (
    <section
      aria-labelledby="feed-title"
      className="mt-8 rounded-2xl border border-white/10 bg-surface p-5"
    >
      <h2 id="feed-title" className="text-lg font-bold text-white">
        {props.title}
      </h2>
      <p className="mt-2 text-sm text-zinc-300">{props.intro}</p>
      <label htmlFor="feed-url" className="mt-3 block text-sm font-medium text-zinc-100">
        {words.label}
      </label>
      <input
        id="feed-url"
        readOnly
        value={props.url}
        className="mt-1 w-full rounded-lg border border-white/15 bg-ink px-3 py-2 font-mono text-sm text-zinc-100"
        data-feed-url
      />
      <Form method="post" action={props.action} className="mt-3">
        <input type="hidden" name="intent" value="rotate" />
        {props.clientId ? <input type="hidden" name="client" value={props.clientId} /> : null}
        <p className="text-sm text-zinc-400">{words.rotateHint}</p>
        <button type="submit" className={buttonClass("outline", "sm", "mt-2")}>
          {words.rotate}
        </button>
      </Form>
    </section>
  );
}
