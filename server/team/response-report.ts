import type { ResponseFigures, ResponseReport } from "#app/shared/response-port.ts";
import {
  type ResponseGroup,
  type ResponseRanks,
  responseTallies,
} from "../db/applications/response.ts";
import type { DatabaseHandle } from "../db/database.ts";

const day = 24 * 3600_000;

/** One genuine application as the Response page counts it (figuresOf's rows). */
export interface ResponseRow {
  createdAt: number;
  dueAt: number | null;
  firstResponseAt: number | null;
  ownerId: string | null;
}
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

type Tallies = Awaited<ReturnType<typeof responseTallies>>;

/** A scope's figures from its groups (day × owner) and its ranks of first responses. */
function figuresOfGroups(groups: readonly ResponseGroup[], ranks: ResponseRanks | undefined) {
  let applications = 0;
  let answered = 0;
  let answeredInTime = 0;
  let overdue = 0;
  for (const group of groups) {
    applications += group.applications;
    answered += group.answered;
    answeredInTime += group.answeredInTime;
    overdue += group.overdue;
  }
  /** As percentile() over the sorted seconds: the first response at rank ceil(p·n). */
  const at = (p: number) => {
    if (!ranks || ranks.answered === 0) return null;
    const ms = ranks.at.get(Math.max(1, Math.ceil(p * ranks.answered)));
    return ms === undefined ? null : Math.round(ms / 1000);
  };
  return {
    applications,
    due: answered + overdue,
    answered,
    answeredInTime,
    medianSeconds: at(0.5),
    p90Seconds: at(0.9),
  };
}

/**
 * The Response page's figures at `now` from its tallies: genuine applications received in each
 * window of `windows` days (today and the UTC days before it); answered within the promise (of
 * those due or answered), median and 90th percentile of the first response; per owner and per
 * day over the longest window; and what is overdue now (whenever it arrived), in all and per
 * owner. The same figures as figuresOf over the rows (response-report.test.ts compares them).
 */
export function buildResponseReport(
  tallies: Tallies,
  now: number,
  promiseHours: number,
  windows: readonly number[] = responseWindows,
): ResponseReport {
  const longest = Math.max(...windows);
  const firstDay = firstDayOf(now, longest);
  const { groups, ranks, overdueByOwner, members } = tallies;
  const overdueNow = [...overdueByOwner.values()].reduce((sum, n) => sum + n, 0);
  const shorter = windows.filter((days) => days !== longest);
  const owners = [...members, { id: null, name: "Unassigned", email: null }];
  return {
    now,
    promiseHours,
    overdueNow,
    windows: windows.map((days) => ({
      days,
      all: figuresOfGroups(
        groups.filter((group) => group.day >= longest - days),
        days === longest ? ranks.all : ranks.cuts[shorter.indexOf(days)],
      ),
    })),
    members: owners
      .map((member) => ({
        name: member.name,
        email: member.email,
        figures: figuresOfGroups(
          groups.filter((group) => group.ownerId === member.id),
          ranks.byOwner.get(member.id),
        ),
        // Overdue now, whenever it arrived (as the total).
        overdue: overdueByOwner.get(member.id) ?? 0,
      }))
      .filter(
        (member) => member.email !== null || member.figures.applications > 0 || member.overdue > 0,
      ),
    daily: Array.from({ length: longest }, (_, index) => {
      const figures = figuresOfGroups(
        groups.filter((group) => group.day === index),
        undefined,
      );
      const overdue = figures.due - figures.answered;
      return {
        day: firstDay + index * day,
        applications: figures.applications,
        answeredInTime: figures.answeredInTime,
        late: figures.answered - figures.answeredInTime + overdue,
      };
    }),
  };
}

/** The first UTC day of a window of `days` days that ends today. */
const firstDayOf = (now: number, days: number) => Math.floor(now / day) * day - (days - 1) * day;

/**
 * Reads the tallies and builds the report (the Response page's loader calls this; the bench
 * with other windows).
 */
export async function responseReport(
  handle: Pick<DatabaseHandle, "db" | "dialect">,
  now: number,
  promiseHours: number,
  windows: readonly number[] = responseWindows,
): Promise<ResponseReport> {
  const longest = Math.max(...windows);
  const since = firstDayOf(now, longest);
  const cuts = windows
    .filter((days) => days !== longest)
    .map((days) => since + (longest - days) * day);
  return buildResponseReport(
    await responseTallies(handle, { since, cuts, now }),
    now,
    promiseHours,
    windows,
  );
}
