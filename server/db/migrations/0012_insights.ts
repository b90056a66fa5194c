import type { CreateTableBuilder, Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0012_insights: visits counted without cookies, and the source of every application.
 *
 * - `visit_secrets`: one random secret per UTC day (days since the epoch), shared by every
 *   instance; a visitor is HMAC(that day's secret, IP + User-Agent + host). Deleted the next day.
 * - `visitors`: one row per visitor of a day that is not folded yet (today, and yesterday for a
 *   few minutes): where they came from on their first page, the plan they saw, the furthest
 *   question they started, whether they applied. Folded into `visit_totals` and deleted the
 *   next day, with the secret: no visitor's row outlives their day.
 * - `visit_totals`: visitors per day and per source, medium, campaign, plan, question, applied.
 * - `submissions`: the source of the visit an application came from (null: not known).
 */
/**
 * The columns a visitor and a day's totals share (where they came from, how far they went),
 * with `text` and `integer` columns of their own around them; all NOT NULL.
 */
function countColumns(texts: readonly string[], integers: readonly string[]) {
  // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
  return (table: CreateTableBuilder<any, any>) => {
    let built = table;
    for (const name of [...texts, "source", "medium", "campaign", "plan"]) {
      built = built.addColumn(name, "text", (col) => col.notNull());
    }
    for (const name of ["question", "applied", ...integers]) {
      built = built.addColumn(name, "integer", (col) => col.notNull());
    }
    return built;
  };
}

export function migration0012(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("visit_secrets")
        .addColumn("day", "integer", (col) => col.primaryKey())
        .addColumn("secret", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("visitors")
        .addColumn("day", "integer", (col) => col.notNull())
        .addColumn("visitor", "text", (col) => col.notNull())
        .$call(countColumns(["landing", "referrer"], ["pages"]))
        .addPrimaryKeyConstraint("visitors_pk", ["day", "visitor"])
        .execute();
      await db.schema
        .createTable("visit_totals")
        .addColumn("day", "integer", (col) => col.notNull())
        .$call(countColumns([], ["visitors", "pages"]))
        .execute();
      // Insights adds up a range's visitors per day and per where they came from and how far
      // they went: two covering indexes read in their own order, never sorted (decision 39).
      const counted = ["source", "medium", "campaign", "plan", "question", "applied"];
      await createIndex(db, "visit_totals_by_day", "visit_totals", ["day", ...counted, "visitors"]);
      await createIndex(db, "visit_totals_by_count", "visit_totals", [
        ...counted,
        "day",
        "visitors",
      ]);
      await createIndex(db, "visitors_by_count", "visitors", ["day", ...counted]);
      for (const column of ["source", "medium", "campaign", "referrer", "landing_page"]) {
        await db.schema.alterTable("submissions").addColumn(`visit_${column}`, "text").execute();
      }
      await createIndex(db, "submissions_visit_source", "submissions", [
        "visit_source",
        "created_at",
      ]);
      // The genuine applications of a range, with what Insights counts of them, from the index.
      await createIndex(db, "submissions_insights", "submissions", [
        "is_spam",
        "created_at",
        "visit_source",
        "visit_medium",
        "visit_campaign",
        "selected_plan",
        "status",
        "first_response_at",
        "due_at",
      ]);
    },
  };
}
