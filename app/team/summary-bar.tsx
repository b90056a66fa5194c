import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { team } from "~/content/team";
import type { ApplicationView } from "~/shared/application-port";
import { applicationStatuses } from "~/shared/inbox-query";
import type { TeamMember } from "~/shared/team-port";
import { fill } from "~/shared/text";
import { ClockBadge } from "./clock-badge";
import { useMomentText } from "./moment";

const copy = team.application;

/**
 * The work at the top of the page, on every width: who has it (Take it, or give it to someone),
 * the promise's clock, and the status as one tap each. Plain forms posting to the route's
 * action (`action`: back to `#summary`), so all of it works without JavaScript.
 */
export function SummaryBar(props: {
  view: ApplicationView;
  member: TeamMember;
  now: number;
  action: string;
  children?: React.ReactNode;
}) {
  const { view, member, now, action } = props;
  const moment = useMomentText();
  const owner = view.members.find((one) => one.id === view.ownerId);
  const ownerText =
    view.ownerId === member.id
      ? copy.summary.you
      : (owner?.name ?? (view.isSpam ? copy.summary.spamOwner : copy.summary.nobody));
  return (
    <section
      id="summary"
      aria-labelledby="summary-title"
      className="mt-4 scroll-mt-4 rounded-2xl border border-white/10 bg-surface p-4"
    >
      <h2 id="summary-title" className="sr-only">
        {copy.summary.title}
      </h2>
      {props.children}
      {/* minmax(0, …): a long name or a select of long names never widens the page. */}
      <dl className="grid grid-cols-[minmax(0,1fr)] gap-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-x-6">
        <dt className="text-zinc-400">{copy.summary.owner}</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold break-words text-white">{ownerText}</span>
          {view.ownerId !== member.id && !view.isSpam ? (
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value="take" />
              {/* The owner shown: the server changes it only while it is still them. */}
              <input type="hidden" name="seen" value={view.ownerId ?? ""} />
              <button type="submit" className={buttonClass("primary", "sm")}>
                {copy.take}
              </button>
            </Form>
          ) : null}
          {view.isSpam ? null : <AssignForm view={view} action={action} />}
        </dd>
        <dt className="text-zinc-400">{copy.summary.clock}</dt>
        <dd className="flex flex-wrap items-center gap-2 text-zinc-300">
          <ClockBadge row={view} now={now} />
          {view.firstResponseAt !== null ? (
            <span>{fill(copy.answeredAt, { time: moment(view.firstResponseAt) })}</span>
          ) : view.dueAt !== null && !view.isSpam ? (
            <span>{fill(copy.dueAt, { time: moment(view.dueAt) })}</span>
          ) : null}
        </dd>
        <dt className="text-zinc-400" id="status-choices">
          {copy.summary.status}
        </dt>
        <dd>
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="status" />
            <fieldset aria-labelledby="status-choices" className="flex flex-wrap gap-1.5">
              {applicationStatuses.map((status) => {
                const current = view.status === status;
                return (
                  <button
                    key={status}
                    type="submit"
                    name="status"
                    value={status}
                    aria-pressed={current}
                    className={buttonClass(
                      current ? "light" : "outline",
                      "sm",
                      "min-w-[5.5rem] px-3",
                    )}
                  >
                    {team.statuses[status]}
                  </button>
                );
              })}
            </fieldset>
          </Form>
        </dd>
      </dl>
    </section>
  );
}

/** The Owner select and Assign, in one row on every width. */
function AssignForm({ view, action }: { view: ApplicationView; action: string }) {
  const options = view.members.map((one) => ({
    value: one.id,
    label: `${one.name}${one.away ? copy.awaySuffix : ""}`,
  }));
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      // A row of its own on a phone: beside the owner's name it would be squeezed until Assign
      // spilled past the page's edge (the select may shrink, the button may not).
      className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:flex-none"
    >
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="seen" value={view.ownerId ?? ""} />
      <label htmlFor="owner-select" className="sr-only">
        {copy.summary.assignLabel}
      </label>
      <div className="min-w-0 flex-1 sm:w-56">
        <Select
          id="owner-select"
          name="owner"
          key={view.ownerId ?? ""}
          defaultValue={view.ownerId ?? ""}
          placeholder={copy.nobody}
          options={options}
          className="h-9 py-1 text-sm"
        />
      </div>
      <button type="submit" className={buttonClass("outline", "sm")}>
        {copy.assign}
      </button>
    </Form>
  );
}
