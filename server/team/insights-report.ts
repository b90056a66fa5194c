import { planNames } from "#app/content/plans.ts";
import { fieldOfKey } from "#app/shared/fields.ts";
import type { InsightRange, InsightsReport } from "#app/shared/insights.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { type InsightRows, insightRows } from "../db/visits/insights-rows.ts";

const dayMs = 24 * 3600_000;

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/**
 * The Insights page's figures of the `days` UTC days up to today, built from the rows storage
 * added up (db/visits/insights-rows.ts): the funnel, where visitors stopped (by the fields'
 * stable keys, in today's form's order), sources, plans and one row per day.
 */
export function insightsOf(days: InsightRange, today: number, rows: InsightRows): InsightsReport {
  const { visitDays, visitGroups, applicationDays, applicationGroups } = rows;
  const fromDay = today - days + 1;
  const stopped = new Map<string, number>();
  for (const row of visitGroups) {
    if (row.question !== "" && row.applied === 0) {
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
  for (const row of visitGroups) sourceOf(row).visitors += row.visitors;
  for (const row of applicationGroups) sourceOf(row).applications += row.applications;
  const visitsOfDay = new Map(visitDays.map((row) => [row.day, row]));
  const applicationsOfDay = new Map(applicationDays.map((row) => [row.day, row.applications]));
  return {
    days,
    from: fromDay * dayMs,
    funnel: {
      visitors: sum(visitGroups, (row) => row.visitors),
      chosePlan: sum(visitGroups, (row) => (row.plan ? row.visitors : 0)),
      started: sum(visitGroups, (row) => (row.question !== "" ? row.visitors : 0)),
      applied: sum(applicationGroups, (row) => row.applications),
      answeredInTime: sum(applicationGroups, (row) => row.answeredInTime),
      onboarded: sum(applicationGroups, (row) => row.onboarded),
    },
    // By stable key (0018): in today's form's order, the name of a field still asked; a key of
    // a field no longer asked last, as itself.
    stopped: [...stopped]
      .map(([key, visitors]) => ({ field: fieldOfKey(key), key, visitors }))
      .sort(
        (a, b) =>
          (a.field?.position ?? Infinity) - (b.field?.position ?? Infinity) ||
          a.key.localeCompare(b.key),
      )
      .map(({ field, key, visitors }) => ({ question: field?.name ?? key, visitors })),
    sources: [...sources.values()].sort(
      (a, b) =>
        b.visitors - a.visitors ||
        b.applications - a.applications ||
        (a.source ?? "").localeCompare(b.source ?? ""),
    ),
    plans: planNames.map((plan) => ({
      plan,
      chosen: sum(visitGroups, (row) => (row.plan === plan ? row.visitors : 0)),
      applied: sum(applicationGroups, (row) => (row.plan === plan ? row.applications : 0)),
    })),
    daily: Array.from({ length: days }, (_, index) => {
      const day = fromDay + index;
      const visits = visitsOfDay.get(day);
      return {
        day: day * dayMs,
        visitors: visits?.visitors ?? 0,
        chosePlan: visits?.chosePlan ?? 0,
        started: visits?.started ?? 0,
        applications: applicationsOfDay.get(day) ?? 0,
      };
    }),
  };
}

/** Reads the rows and builds the Insights page at `now` for the last `days` days (today included). */
export async function insightsReport(
  handle: Pick<DatabaseHandle, "db">,
  now: number,
  days: InsightRange,
): Promise<InsightsReport> {
  const today = Math.floor(now / dayMs);
  return insightsOf(days, today, await insightRows(handle, today - days + 1));
}
