import { type Expression, type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { Database } from "../schema.ts";
import type { VisitTotalsTable } from "../visits-schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

/** Visitors of the range per where they came from and how far they went (days added up). */
export type VisitGroup = Omit<VisitTotalsTable, "day" | "pages">;

/** A day's visitors, those who chose a plan and those who started the questionnaire. */
export interface VisitDay {
  day: number;
  visitors: number;
  chosePlan: number;
  started: number;
}

/** Genuine applications of the range per source and plan, and how far they went. */
export interface ApplicationGroup {
  source: string | null;
  medium: string;
  campaign: string;
  plan: string;
  applications: number;
  answeredInTime: number;
  onboarded: number;
}

/** The Insights page's rows: a few hundred at most, whatever the traffic. */
export interface InsightRows {
  visitDays: VisitDay[];
  visitGroups: VisitGroup[];
  applicationDays: { day: number; applications: number }[];
  applicationGroups: ApplicationGroup[];
}

const groupColumns = ["source", "medium", "campaign", "plan", "question", "applied"] as const;

/** `sum(visitors)` of the rows where `when` holds. */
const visitorsWhere = (when: Expression<unknown>) =>
  sql<number>`sum(case when ${when} then ${sql.ref("visitors")} else 0 end)`;

/** The genuine applications received since `fromMs` (index submissions_insights). */
function applicationsFrom(db: Kysely<Database>, fromMs: number) {
  return db.selectFrom("submissions").where("createdAt", ">=", fromMs).where("isSpam", "=", 0);
}

const answeredInTime = sql<number>`sum(case when ${sql.ref("firstResponseAt")} is not null and (${sql.ref("dueAt")} is null or ${sql.ref("firstResponseAt")} <= ${sql.ref("dueAt")}) then 1 else 0 end)`;
const onboarded = sql<number>`sum(case when ${sql.ref("status")} = 'onboarded' then 1 else 0 end)`;

/** The named columns as numbers (PostgreSQL returns sums and counts as strings). */
function withNumbers<T extends object, K extends keyof T>(row: T, keys: readonly K[]) {
  const converted: Record<keyof T, unknown> = { ...row };
  for (const key of keys) converted[key] = Number(row[key]);
  return converted as Omit<T, K> & Record<K, number>;
}

/** The folded days' visitors per day, and per group over the range (covering indexes, in order). */
function foldedVisits(db: Kysely<Database>, fromDay: number) {
  const totals = db.selectFrom("visitTotals").where("day", ">=", fromDay);
  return Promise.all([
    totals
      .select((eb) => [
        "day",
        eb.fn.sum<number>("visitors").as("visitors"),
        visitorsWhere(sql`${sql.ref("plan")} <> ''`).as("chosePlan"),
        visitorsWhere(sql`${sql.ref("question")} <> ''`).as("started"),
      ])
      .groupBy("day")
      .execute(),
    totals
      .select((eb) => [...groupColumns, eb.fn.sum<number>("visitors").as("visitors")])
      .groupBy([...groupColumns])
      .execute(),
  ]);
}

/** The visitors of the days not folded yet (today), per day and group (index, in order). */
function openVisits(db: Kysely<Database>, fromDay: number) {
  return db
    .selectFrom("visitors")
    .select((eb) => ["day", ...groupColumns, eb.fn.countAll<number>().as("visitors")])
    .where("day", ">=", fromDay)
    .groupBy(["day", ...groupColumns])
    .execute();
}

/** The genuine applications per day, and per source and plan with how far they went. */
function applications(db: Kysely<Database>, fromMs: number) {
  const day = sql<number>`${sql.ref("createdAt")} / 86400000`;
  return Promise.all([
    applicationsFrom(db, fromMs)
      .select((eb) => [day.as("day"), eb.fn.countAll<number>().as("applications")])
      .groupBy(day)
      .execute(),
    applicationsFrom(db, fromMs)
      .select((eb) => [
        "visitSource as source",
        "visitMedium as medium",
        "visitCampaign as campaign",
        "selectedPlan as plan",
        eb.fn.countAll<number>().as("applications"),
        answeredInTime.as("answeredInTime"),
        onboarded.as("onboarded"),
      ])
      .groupBy(["visitSource", "visitMedium", "visitCampaign", "selectedPlan"])
      .execute(),
  ]);
}

/**
 * The Insights rows of the days from `fromDay`, added up by the database (decision 39): a few
 * hundred rows whatever the traffic, never one per visitor group and day.
 */
export async function insightRows(handle: Handle, fromDay: number): Promise<InsightRows> {
  const { db } = handle;
  const [[foldedDays, foldedGroups], open, [applicationDays, applicationGroups]] =
    await Promise.all([
      foldedVisits(db, fromDay),
      openVisits(db, fromDay),
      applications(db, fromDay * 86_400_000),
    ]);
  const visitDays = new Map<number, VisitDay>();
  const visitGroups = new Map<string, VisitGroup>();
  const addDay = (row: VisitDay) => {
    const found = visitDays.get(row.day);
    if (!found) visitDays.set(row.day, { ...row });
    else
      for (const count of ["visitors", "chosePlan", "started"] as const) found[count] += row[count];
  };
  const addGroup = (row: VisitGroup) => {
    const key = JSON.stringify(groupColumns.map((column) => row[column]));
    const found = visitGroups.get(key);
    if (!found) visitGroups.set(key, { ...row });
    else found.visitors += row.visitors;
  };
  for (const row of foldedDays)
    addDay(withNumbers(row, ["day", "visitors", "chosePlan", "started"] as const));
  for (const row of foldedGroups) addGroup(withNumbers(row, ["applied", "visitors"] as const));
  for (const { day, ...row } of open) {
    const group = withNumbers(row, ["applied", "visitors"] as const);
    addGroup(group);
    const { visitors, plan, question } = group;
    addDay({
      day: Number(day),
      visitors,
      chosePlan: plan ? visitors : 0,
      started: question !== "" ? visitors : 0,
    });
  }
  return {
    visitDays: [...visitDays.values()],
    visitGroups: [...visitGroups.values()],
    applicationDays: applicationDays.map((row) =>
      withNumbers(row, ["day", "applications"] as const),
    ),
    applicationGroups: applicationGroups.map((row) => ({
      ...withNumbers(row, ["applications", "answeredInTime", "onboarded"] as const),
      medium: row.medium ?? "",
      campaign: row.campaign ?? "",
    })),
  };
}
