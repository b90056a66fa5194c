import type { ResponseFigures, ResponseReport } from "#app/shared/response-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { type ResponseRow, responseRows } from "../db/submissions/response.ts";

const day = 24 * 3600_000;
/** The Response page's windows, in days; the longest is read once and cut down for the others. */
export const responseWindows = [7, 28] as const;

/** The value at fraction `p` of sorted values (nearest rank), or null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? null;
}

/**
 * How the promise was kept for these applications at `now`. "In time" is counted over the
 * applications that are **due or answered**: one whose clock still runs has neither kept nor
 * broken the promise, so counting it would flatter (or, early in a window, sink) the rate.
 * A row from before the clock (no due time) counts once answered, as in time.
 */
export function figuresOf(rows: readonly ResponseRow[], now: number): ResponseFigures {
  const seconds: number[] = [];
  let answeredInTime = 0;
  let due = 0;
  for (const row of rows) {
    if (row.firstResponseAt === null) {
      if (row.dueAt !== null && row.dueAt <= now) due++;
      continue;
    }
    due++;
    seconds.push(Math.round((row.firstResponseAt - row.createdAt) / 1000));
    if (row.dueAt === null || row.firstResponseAt <= row.dueAt) answeredInTime++;
  }
  seconds.sort((a, b) => a - b);
  return {
    applications: rows.length,
    due,
    answered: seconds.length,
    answeredInTime,
    medianSeconds: percentile(seconds, 0.5),
    p90Seconds: percentile(seconds, 0.9),
  };
}

type Reads = Awaited<ReturnType<typeof responseRows>>;

/**
 * The Response page's figures at `now` from its rows: genuine applications received in the last
 * 7 and 28 UTC days, today included; answered within the promise (of those due or answered),
 * median and 90th percentile of the first response; per owner; per day; and what is overdue now
 * (whenever it arrived), in all and per owner.
 */
export function buildResponseReport(
  reads: Reads,
  now: number,
  promiseHours: number,
): ResponseReport {
  const longest = Math.max(...responseWindows);
  const firstDay = firstDayOf(now);
  const { rows, overdueByOwner, members } = reads;
  const overdueNow = [...overdueByOwner.values()].reduce((sum, n) => sum + n, 0);
  // A window of N days: today and the N - 1 UTC days before it, as the chart's bars.
  const within = (days: number) =>
    rows.filter((row) => row.createdAt >= firstDay + (longest - days) * day);
  const inLongest = within(longest);
  const overdue = (row: ResponseRow) =>
    row.firstResponseAt === null && row.dueAt !== null && row.dueAt <= now;
  const owners = [...members, { id: null, name: "Unassigned", email: null }];
  return {
    now,
    promiseHours,
    overdueNow,
    windows: responseWindows.map((days) => ({ days, all: figuresOf(within(days), now) })),
    members: owners
      .map((member) => ({
        name: member.name,
        email: member.email,
        figures: figuresOf(
          inLongest.filter((row) => row.ownerId === member.id),
          now,
        ),
        // Overdue now, whenever it arrived (as the total).
        overdue: overdueByOwner.get(member.id) ?? 0,
      }))
      .filter(
        (member) => member.email !== null || member.figures.applications > 0 || member.overdue > 0,
      ),
    daily: Array.from({ length: longest }, (_, index) => {
      const start = firstDay + index * day;
      const rowsOfDay = rows.filter((row) => row.createdAt >= start && row.createdAt < start + day);
      const figures = figuresOf(rowsOfDay, now);
      return {
        day: start,
        applications: figures.applications,
        answeredInTime: figures.answeredInTime,
        late: figures.answered - figures.answeredInTime + rowsOfDay.filter(overdue).length,
      };
    }),
  };
}

/** The first UTC day of the longest window that ends today. */
const firstDayOf = (now: number) =>
  Math.floor(now / day) * day - (Math.max(...responseWindows) - 1) * day;

/** Reads the rows and builds the report (the Response page's loader calls this). */
export async function responseReport(
  handle: Pick<DatabaseHandle, "db" | "dialect">,
  now: number,
  promiseHours: number,
): Promise<ResponseReport> {
  return buildResponseReport(await responseRows(handle, firstDayOf(now), now), now, promiseHours);
}
