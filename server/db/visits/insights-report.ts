import { planNames } from "#app/content/plans.ts";
import type { InsightRange, InsightsReport } from "#app/shared/insights.ts";
import { fieldNames } from "#app/shared/schema.ts";
import type { DatabaseHandle } from "../database.ts";
import { type ApplicationRow, applicationRows, type VisitRow, visitRows } from "./insights-rows.ts";

const dayMs = 24 * 3600_000;

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/** The Insights page's figures of the `days` UTC days up to today, from the grouped rows. */
export function insightsOf(
  days: InsightRange,
  today: number,
  visits: readonly VisitRow[],
  applications: readonly ApplicationRow[],
): InsightsReport {
  const fromDay = today - days + 1;
  // Each day's rows once, not the whole range per day.
  const visitsByDay = Map.groupBy(visits, (row) => row.day);
  const applicationsByDay = Map.groupBy(applications, (row) => row.day);
  const stopped = new Map<number, number>();
  for (const row of visits) {
    if (row.question > 0 && row.applied === 0) {
      stopped.set(row.question, (stopped.get(row.question) ?? 0) + row.visitors);
    }
  }
  const sources = new Map<string, InsightsReport["sources"][number]>();
  const sourceOf = (row: { source: string | null; medium: string; campaign: string }) => {
    const key = JSON.stringify([row.source, row.medium, row.campaign]);
    let found = sources.get(key);
    if (!found) {
      found = {
        source: row.source,
        medium: row.medium,
        campaign: row.campaign,
        visitors: 0,
        applications: 0,
      };
      sources.set(key, found);
    }
    return found;
  };
  for (const row of visits) sourceOf(row).visitors += row.visitors;
  for (const row of applications) sourceOf(row).applications += row.applications;
  return {
    days,
    from: fromDay * dayMs,
    funnel: {
      visitors: sum(visits, (row) => row.visitors),
      chosePlan: sum(visits, (row) => (row.plan ? row.visitors : 0)),
      started: sum(visits, (row) => (row.question > 0 ? row.visitors : 0)),
      applied: sum(applications, (row) => row.applications),
      answeredInTime: sum(applications, (row) => row.answeredInTime),
      onboarded: sum(applications, (row) => row.onboarded),
    },
    stopped: [...stopped]
      .sort(([a], [b]) => a - b)
      .map(([question, visitors]) => ({ question: fieldNames[question - 1] ?? "", visitors })),
    sources: [...sources.values()].sort(
      (a, b) =>
        b.visitors - a.visitors ||
        b.applications - a.applications ||
        (a.source ?? "").localeCompare(b.source ?? ""),
    ),
    plans: planNames.map((plan) => ({
      plan,
      chosen: sum(visits, (row) => (row.plan === plan ? row.visitors : 0)),
      applied: sum(applications, (row) => (row.plan === plan ? row.applications : 0)),
    })),
    daily: Array.from({ length: days }, (_, index) => {
      const day = fromDay + index;
      const ofDay = visitsByDay.get(day) ?? [];
      return {
        day: day * dayMs,
        visitors: sum(ofDay, (row) => row.visitors),
        chosePlan: sum(ofDay, (row) => (row.plan ? row.visitors : 0)),
        started: sum(ofDay, (row) => (row.question > 0 ? row.visitors : 0)),
        applications: sum(applicationsByDay.get(day) ?? [], (row) => row.applications),
      };
    }),
  };
}

/** The Insights page at `now` for the last `days` days (today included). */
export async function insightsReport(
  handle: Pick<DatabaseHandle, "db">,
  now: number,
  days: InsightRange,
): Promise<InsightsReport> {
  const today = Math.floor(now / dayMs);
  const fromDay = today - days + 1;
  const [visits, applications] = await Promise.all([
    visitRows(handle, fromDay),
    applicationRows(handle, fromDay * dayMs),
  ]);
  return insightsOf(days, today, visits, applications);
}
