import type { ReactNode } from "react";
import { TitledSection } from "~/components/ui/titled-section";
import { insights as copy } from "~/content/insights";
import { questionnaire } from "~/content/questionnaire";
import { sourceName } from "~/shared/application-source";
import { conversion, type InsightsReport } from "~/shared/insights";
import { withThousands } from "~/shared/text";
import { TeamTable } from "~/team/team-table";
import { dayText } from "./chart-parts";

const cell = "border-b border-white/5 py-2.5 pr-3 last:pr-0";
const number = "text-right tabular-nums";

type TableName = "sources" | "plans" | "stopped" | "daily";

/**
 * A titled table (its title and headers from the copy's `${name}Title` and `${name}Columns`):
 * headers (the first column names each row), then the rows' cells.
 */
function FigureTable(props: {
  name: TableName;
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  empty?: string;
  /** Columns hidden on a phone (by index). */
  wideOnly?: readonly number[];
  /** Wider than a phone: a line under it says it scrolls sideways. */
  scrolls?: boolean;
}) {
  const hide = (index: number) => (props.wideOnly?.includes(index) ? "hidden sm:table-cell" : "");
  const id = `${props.name}-title`;
  const columns = Object.values(copy[`${props.name}Columns`]);
  return (
    <TitledSection id={id} title={copy[`${props.name}Title`]} className="mt-10">
      {props.rows.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">{props.empty ?? copy.noData}</p>
      ) : (
        // A table wider than a phone scrolls sideways: focusable, so keys scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take focus
        <div className="mt-4 overflow-x-auto" tabIndex={0}>
          <TeamTable
            labelledBy={id}
            columns={columns.map((column, index) => ({
              key: column,
              label: column,
              className: `pr-3 last:pr-0 ${index > 0 ? number : ""} ${hide(index)}`,
            }))}
          >
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
                      {typeof value === "number" ? withThousands(value) : value}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </TeamTable>
        </div>
      )}
      {props.scrolls && props.rows.length > 0 ? (
        <p className="mt-2 text-xs text-zinc-400 sm:hidden">{copy.scrollHint}</p>
      ) : null}
    </TitledSection>
  );
}

const percent = (applications: number, visitors: number) =>
  conversion(applications, visitors) ?? copy.none;

export function SourcesTable({ sources }: { sources: InsightsReport["sources"] }) {
  return (
    <FigureTable
      name="sources"
      scrolls
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
  return (
    <FigureTable
      name="plans"
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
      name="stopped"
      empty={copy.stoppedNone}
      rows={stopped.map((row) => ({
        key: row.question,
        cells: [questionLabels.get(row.question) ?? row.question, row.visitors],
      }))}
    />
  );
}

export function DailyTable({ daily }: { daily: InsightsReport["daily"] }) {
  return (
    <FigureTable
      name="daily"
      wideOnly={[2, 3]}
      // Nothing counted in the whole range: "nothing yet", not a row of zeros per day.
      rows={(daily.some((row) => row.visitors > 0 || row.applications > 0) ? [...daily] : [])
        .reverse()
        .map((row) => ({
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
