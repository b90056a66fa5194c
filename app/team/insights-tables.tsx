import type { ReactNode } from "react";
import { insights as copy } from "~/content/insights";
import { questionnaire } from "~/content/questionnaire";
import { sourceName } from "~/shared/application-source";
import { conversion, type InsightsReport } from "~/shared/insights";
import { dayText } from "./chart-parts";

const head = "border-b border-white/10 py-2 pr-3 last:pr-0";
const cell = "border-b border-white/5 py-2.5 pr-3 last:pr-0";
const number = "text-right tabular-nums";

/** A titled table: headers (the first column names each row), then the rows' cells. */
function FigureTable(props: {
  id: string;
  title: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  empty?: string;
  /** Columns hidden on a phone (by index). */
  wideOnly?: readonly number[];
}) {
  const hide = (index: number) => (props.wideOnly?.includes(index) ? "hidden sm:table-cell" : "");
  return (
    <section aria-labelledby={props.id} className="mt-10">
      <h2 id={props.id} className="text-xl font-bold text-white">
        {props.title}
      </h2>
      {props.rows.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">{props.empty ?? copy.noData}</p>
      ) : (
        // A table wider than a phone scrolls sideways: focusable, so keys scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take focus
        <div className="mt-4 overflow-x-auto" tabIndex={0}>
          <table
            aria-labelledby={props.id}
            className="w-full border-separate border-spacing-0 text-left text-sm"
          >
            <thead className="text-xs text-zinc-400 uppercase">
              <tr>
                {props.columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={`${head} ${index > 0 ? number : ""} ${hide(index)}`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.key} data-row={row.key}>
                  {row.cells.map((value, index) =>
                    index === 0 ? (
                      <th
                        key="name"
                        scope="row"
                        className={`${cell} font-semibold break-words text-white`}
                      >
                        {value}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                      <td key={index} className={`${cell} ${number} text-zinc-200 ${hide(index)}`}>
                        {value}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const percent = (applications: number, visitors: number) =>
  conversion(applications, visitors) ?? copy.none;

export function SourcesTable({ sources }: { sources: InsightsReport["sources"] }) {
  const columns = copy.sourcesColumns;
  return (
    <FigureTable
      id="sources-title"
      title={copy.sourcesTitle}
      columns={[
        columns.source,
        columns.medium,
        columns.campaign,
        columns.visitors,
        columns.applications,
        columns.conversion,
      ]}
      rows={sources.map((row) => ({
        key: JSON.stringify([row.source, row.medium, row.campaign]),
        cells: [
          row.source === null ? copy.sourceWords.unknown : sourceName(row.source, copy.sourceWords),
          row.medium || copy.none,
          row.campaign || copy.none,
          row.visitors,
          row.applications,
          percent(row.applications, row.visitors),
        ],
      }))}
    />
  );
}

export function PlansTable({ plans }: { plans: InsightsReport["plans"] }) {
  const columns = copy.plansColumns;
  return (
    <FigureTable
      id="plans-title"
      title={copy.plansTitle}
      columns={[columns.plan, columns.chosen, columns.applied, columns.conversion]}
      rows={plans.map((row) => ({
        key: row.plan,
        cells: [row.plan, row.chosen, row.applied, percent(row.applied, row.chosen)],
      }))}
    />
  );
}

const questionLabels = new Map<string, string>(
  questionnaire.sections.flatMap((section) =>
    section.fields.map((field) => [field.name, field.label] as const),
  ),
);

export function StoppedTable({ stopped }: { stopped: InsightsReport["stopped"] }) {
  return (
    <FigureTable
      id="stopped-title"
      title={copy.stoppedTitle}
      columns={[copy.stoppedColumns.question, copy.stoppedColumns.visitors]}
      empty={copy.stoppedNone}
      rows={stopped.map((row) => ({
        key: row.question,
        cells: [questionLabels.get(row.question) ?? row.question, row.visitors],
      }))}
    />
  );
}

export function DailyTable({ daily }: { daily: InsightsReport["daily"] }) {
  const columns = copy.dailyColumns;
  return (
    <FigureTable
      id="daily-title"
      title={copy.dailyTitle}
      columns={[
        columns.day,
        columns.visitors,
        columns.chosePlan,
        columns.started,
        columns.applications,
        columns.conversion,
      ]}
      wideOnly={[2, 3]}
      rows={[...daily].reverse().map((row) => ({
        key: new Date(row.day).toISOString().slice(0, 10),
        cells: [
          dayText(row.day),
          row.visitors,
          row.chosePlan,
          row.started,
          row.applications,
          percent(row.applications, row.visitors),
        ],
      }))}
    />
  );
}
