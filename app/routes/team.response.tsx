import { TitledSection } from "~/components/ui/titled-section";
import { team as teamCopy } from "~/content/team";
import { cutsPort } from "~/shared/cuts-port";
import { spanText } from "~/shared/response-clock";
import { type ResponseFigures, responsePort } from "~/shared/response-port";
import { fill } from "~/shared/text";
import { CutFiguresSection } from "~/team/cut-figures";
import { ResponseChart } from "~/team/response-chart";
import { signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import { TeamTable } from "~/team/team-table";
import type { Route } from "./+types/team.response";

const copy = teamCopy.response;

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.response);

export async function loader({ context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, responsePort);
  const cuts = signedInMember(context, cutsPort).team;
  const [report, cutFigures] = await Promise.all([team.response(), cuts.figures()]);
  return { member, report, cutFigures };
}

/**
 * Answered in time as "3 of 7 (43 %)" of the applications due or answered (one whose clock
 * still runs has neither kept nor missed the promise); — when none is due yet.
 */
function inTimeText(figures: ResponseFigures): string {
  if (figures.due === 0) return copy.none;
  const percent = Math.round((figures.answeredInTime / figures.due) * 100);
  return fill(copy.inTimeValue, { count: figures.answeredInTime, due: figures.due, percent });
}

/** A first-response time as the clock words it ("3 h"); — when nothing was answered. */
function secondsText(seconds: number | null): string {
  return seconds === null ? copy.none : spanText(seconds * 1000);
}

const cardClass = "rounded-2xl border border-white/10 bg-surface p-5";
const cell = "border-b border-white/5 py-3";

export default function TeamResponse({ loaderData }: Route.ComponentProps) {
  const { member, report, cutFigures } = loaderData;
  const longest = Math.max(...report.windows.map((window) => window.days));
  const columns = copy.memberColumns;
  return (
    <TeamShell member={member}>
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <p className="mt-2 max-w-prose text-zinc-300">
        {fill(copy.intro, { hours: report.promiseHours })}
      </p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {report.windows.map(({ days, all }) => (
          <section key={days} aria-labelledby={`window-${days}`} className={cardClass}>
            <h2 id={`window-${days}`} className="text-lg font-bold text-white">
              {fill(copy.lastDays, { days })}
            </h2>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
              <dt className="text-zinc-400">{copy.applications}</dt>
              <dd className="text-right font-semibold text-white">{all.applications}</dd>
              <dt className="text-zinc-400">{copy.inTime}</dt>
              <dd className="text-right font-semibold whitespace-nowrap text-white">
                {inTimeText(all)}
              </dd>
              <dt className="text-zinc-400">{copy.notDueYet}</dt>
              <dd className="text-right font-semibold text-white">{all.applications - all.due}</dd>
              <dt className="text-zinc-400">{copy.median}</dt>
              <dd className="text-right font-semibold whitespace-nowrap text-white">
                {secondsText(all.medianSeconds)}
              </dd>
              <dt className="text-zinc-400">{copy.p90}</dt>
              <dd className="text-right font-semibold whitespace-nowrap text-white">
                {secondsText(all.p90Seconds)}
              </dd>
            </dl>
          </section>
        ))}
        <section
          aria-labelledby="overdue-now"
          className={`${cardClass} sm:col-span-2 lg:col-span-1 ${report.overdueNow > 0 ? "border-rose-400/40 bg-rose-500/10" : ""}`}
        >
          <h2 id="overdue-now" className="text-lg font-bold text-white">
            {copy.overdueNow}
          </h2>
          <p
            className={`mt-3 text-4xl font-extrabold ${report.overdueNow > 0 ? "text-rose-200" : "text-white"}`}
          >
            {report.overdueNow}
          </p>
        </section>
      </div>
      <CutFiguresSection figures={cutFigures} />
      <TitledSection
        id="members-title"
        title={fill(copy.membersTitle, { days: longest })}
        className="mt-10"
      >
        {report.members.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-400">{copy.none}</p>
        ) : (
          <TeamTable
            labelledBy="members-title"
            className="mt-4"
            columns={[
              { key: "member", label: columns.member, className: "pr-3" },
              { key: "applications", label: columns.applications, className: "pr-3 text-right" },
              { key: "inTime", label: columns.inTime, className: "pr-3 text-right" },
              {
                key: "median",
                label: columns.median,
                className: "hidden pr-3 text-right sm:table-cell",
              },
              { key: "overdue", label: columns.overdue, className: "text-right" },
            ]}
          >
            {report.members.map((row) => (
              <tr key={row.email ?? "unassigned"} className="align-top">
                <th scope="row" className={`${cell} pr-3 font-semibold text-white`}>
                  {row.name}
                  {row.email ? (
                    <span className="mt-0.5 hidden text-xs font-normal break-all text-zinc-400 sm:block">
                      {row.email}
                    </span>
                  ) : null}
                </th>
                <td className={`${cell} pr-3 text-right text-zinc-200`}>
                  {row.figures.applications}
                </td>
                <td className={`${cell} pr-3 text-right whitespace-nowrap text-zinc-200`}>
                  {inTimeText(row.figures)}
                </td>
                <td
                  className={`${cell} hidden pr-3 text-right whitespace-nowrap text-zinc-200 sm:table-cell`}
                >
                  {secondsText(row.figures.medianSeconds)}
                </td>
                <td
                  className={`${cell} text-right ${row.overdue > 0 ? "font-semibold text-rose-200" : "text-zinc-200"}`}
                >
                  {row.overdue}
                </td>
              </tr>
            ))}
          </TeamTable>
        )}
      </TitledSection>
      <ResponseChart daily={report.daily} />
    </TeamShell>
  );
}
