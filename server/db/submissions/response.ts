import type { ResponseFigures, ResponseReport } from "#app/shared/team-port.ts";
import type { DatabaseHandle } from "../database.ts";
import { overdueCounts } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

const day = 24 * 3600_000;
/** The Response page's windows, in days; the longest is read once and cut down for the others. */
export const responseWindows = [7, 28] as const;

interface WindowRow {
  createdAt: number;
  dueAt: number | null;
  firstResponseAt: number | null;
  ownerId: string | null;
}

/** The value at fraction `p` of sorted values (nearest rank), or null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** How the promise was kept for these applications (genuine ones received in a window). */
export function figuresOf(rows: readonly WindowRow[]): ResponseFigures {
  const seconds: number[] = [];
  let answeredInTime = 0;
  for (const row of rows) {
    if (row.firstResponseAt === null) continue;
    seconds.push(Math.round((row.firstResponseAt - row.createdAt) / 1000));
    if (row.dueAt === null || row.firstResponseAt <= row.dueAt) answeredInTime++;
  }
  seconds.sort((a, b) => a - b);
  return {
    applications: rows.length,
    answered: seconds.length,
    answeredInTime,
    medianSeconds: percentile(seconds, 0.5),
    p90Seconds: percentile(seconds, 0.9),
  };
}

/**
 * The Response page's figures at `now`: genuine applications received in the last 7 and 28 UTC
 * days, today included (one read of the 28 days over the created_at index), answered within the
 * promise, median and 90th percentile of the first response; per owner; per day; and what is
 * overdue now (whenever it arrived), in all and per owner.
 */
export async function responseReport(
  handle: Handle,
  now: number,
  promiseHours: number,
): Promise<ResponseReport> {
  const longest = Math.max(...responseWindows);
  const firstDay = Math.floor(now / day) * day - (longest - 1) * day;
  const [rows, overdueByOwner, members] = await Promise.all([
    handle.db
      .selectFrom("submissions")
      .select(["createdAt", "dueAt", "firstResponseAt", "ownerId"])
      .where("createdAt", ">=", firstDay)
      .where("isSpam", "=", 0)
      .execute(),
    overdueCounts(handle, now),
    handle.db.selectFrom("teamMembers").select(["id", "name", "email"]).orderBy("name").execute(),
  ]);
  const overdueNow = [...overdueByOwner.values()].reduce((sum, n) => sum + n, 0);
  const window = rows.map((row) => ({
    createdAt: Number(row.createdAt),
    dueAt: row.dueAt === null ? null : Number(row.dueAt),
    firstResponseAt: row.firstResponseAt === null ? null : Number(row.firstResponseAt),
    ownerId: row.ownerId,
  }));
  // A window of N days: today and the N - 1 UTC days before it, as the chart's bars.
  const within = (days: number) =>
    window.filter((row) => row.createdAt >= firstDay + (longest - days) * day);
  const inLongest = within(longest);
  const overdue = (row: WindowRow) =>
    row.firstResponseAt === null && row.dueAt !== null && row.dueAt <= now;
  const owners = [...members, { id: null, name: "Unassigned", email: null }];
  return {
    now,
    promiseHours,
    overdueNow,
    windows: responseWindows.map((days) => ({ days, all: figuresOf(within(days)) })),
    members: owners
      .map((member) => {
        const theirs = inLongest.filter((row) => row.ownerId === member.id);
        return {
          name: member.name,
          email: member.email,
          figures: figuresOf(theirs),
          // Overdue now, whenever it arrived (as the total).
          overdue: overdueByOwner.get(member.id) ?? 0,
        };
      })
      .filter(
        (member) => member.email !== null || member.figures.applications > 0 || member.overdue > 0,
      ),
    daily: Array.from({ length: longest }, (_, index) => {
      const start = firstDay + index * day;
      const rowsOfDay = window.filter(
        (row) => row.createdAt >= start && row.createdAt < start + day,
      );
      const figures = figuresOf(rowsOfDay);
      return {
        day: start,
        applications: figures.applications,
        answeredInTime: figures.answeredInTime,
        late: figures.answered - figures.answeredInTime + rowsOfDay.filter(overdue).length,
      };
    }),
  };
}
