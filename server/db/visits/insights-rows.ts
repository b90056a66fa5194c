import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { VisitTotalsTable } from "../visits-schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

/** Visitors of a day, counted per where they came from and how far they went. */
export type VisitRow = Omit<VisitTotalsTable, "pages">;

const visitColumns = [
  "day",
  "source",
  "medium",
  "campaign",
  "plan",
  "question",
  "applied",
] as const;

/**
 * The visitors of the days from `fromDay`: the folded days' totals (index on day) and the
 * rows of the days not folded yet (today), grouped alike.
 */
export async function visitRows(handle: Handle, fromDay: number): Promise<VisitRow[]> {
  const [folded, open] = await Promise.all([
    handle.db
      .selectFrom("visitTotals")
      .select(visitColumns)
      .select((eb) => eb.fn.sum<number>("visitors").as("visitors"))
      .where("day", ">=", fromDay)
      .groupBy([...visitColumns])
      .execute(),
    handle.db
      .selectFrom("visitors")
      .select(visitColumns)
      .select((eb) => eb.fn.countAll<number>().as("visitors"))
      .where("day", ">=", fromDay)
      .groupBy([...visitColumns])
      .execute(),
  ]);
  return [...folded, ...open].map((row) => ({
    ...row,
    day: Number(row.day),
    question: Number(row.question),
    applied: Number(row.applied),
    visitors: Number(row.visitors),
  }));
}

/** Genuine applications of a day, per source and plan, and how far they went. */
export interface ApplicationRow {
  day: number;
  source: string | null;
  medium: string;
  campaign: string;
  plan: string;
  applications: number;
  answeredInTime: number;
  onboarded: number;
}

/** The genuine applications received since `fromMs` (index on created_at), grouped. */
export async function applicationRows(handle: Handle, fromMs: number): Promise<ApplicationRow[]> {
  const day = sql<number>`${sql.ref("createdAt")} / 86400000`;
  const rows = await handle.db
    .selectFrom("submissions")
    .select([
      day.as("day"),
      "visitSource as source",
      "visitMedium as medium",
      "visitCampaign as campaign",
      "selectedPlan as plan",
    ])
    .select((eb) => [
      eb.fn.countAll<number>().as("applications"),
      sql<number>`sum(case when ${sql.ref("firstResponseAt")} is not null and (${sql.ref("dueAt")} is null or ${sql.ref("firstResponseAt")} <= ${sql.ref("dueAt")}) then 1 else 0 end)`.as(
        "answeredInTime",
      ),
      sql<number>`sum(case when ${sql.ref("status")} = 'onboarded' then 1 else 0 end)`.as(
        "onboarded",
      ),
    ])
    .where("createdAt", ">=", fromMs)
    .where("isSpam", "=", 0)
    .groupBy([day, "visitSource", "visitMedium", "visitCampaign", "selectedPlan"])
    .execute();
  return rows.map((row) => ({
    day: Number(row.day),
    source: row.source,
    medium: row.medium ?? "",
    campaign: row.campaign ?? "",
    plan: row.plan,
    applications: Number(row.applications),
    answeredInTime: Number(row.answeredInTime),
    onboarded: Number(row.onboarded),
  }));
}
