import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0018_question_keys: Insights' furthest question is stored as the field's stable key (its
 * descriptor's `key` in app/shared/fields.ts), not as its position in the form: a field added
 * mid-form no longer relabels the 400 days kept (decision 0069).
 *
 * `visitors.question` and `visit_totals.question` become text: the position n (from 1) of the
 * form as it was when 0012 counted it becomes the n-th key below, 0 (none started) becomes "".
 * The indexes that hold the column are made again around it.
 */

/** The form's fields in their order until this migration, as keys: frozen, never edited. */
export const keysByOldPosition = [
  "name",
  "email",
  "account_handle",
  "account_type",
  "primary_platform",
  "audience_size",
  "content_niche",
  "goals",
  "current_challenges",
  "brand_style",
  "selected_plan",
] as const;

const counted = ["source", "medium", "campaign", "plan", "question", "applied"];

// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
async function dropIndexes(db: Kysely<any>) {
  for (const name of ["visit_totals_by_day", "visit_totals_by_count", "visitors_by_count"]) {
    await db.schema.dropIndex(name).execute();
  }
}

/** The indexes of 0012 (decision 39): the same columns, the question now a key. */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
async function createIndexes(db: Kysely<any>) {
  await createIndex(db, "visit_totals_by_day", "visit_totals", ["day", ...counted, "visitors"]);
  await createIndex(db, "visit_totals_by_count", "visit_totals", [...counted, "day", "visitors"]);
  await createIndex(db, "visitors_by_count", "visitors", ["day", ...counted]);
}

/**
 * Replaces `question` in both tables by a column of `type` computed from it by `convert` (the
 * same on SQLite and PostgreSQL: add, fill, drop, rename).
 */
async function replaceQuestion(
  // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
  db: Kysely<any>,
  type: "text" | "integer",
  convert: ReturnType<typeof sql>,
) {
  await dropIndexes(db);
  for (const table of ["visitors", "visit_totals"]) {
    const fallback = type === "text" ? sql`''` : sql`0`;
    await db.schema
      .alterTable(table)
      .addColumn("question_new", type, (col) => col.notNull().defaultTo(fallback))
      .execute();
    await db.updateTable(table).set({ question_new: convert }).execute();
    await db.schema.alterTable(table).dropColumn("question").execute();
    await db.schema.alterTable(table).renameColumn("question_new", "question").execute();
  }
  await createIndexes(db);
}

export function migration0018(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      const whens = keysByOldPosition.map(
        (key, index) => sql`when ${sql.lit(index + 1)} then ${sql.lit(key)}`,
      );
      await replaceQuestion(
        db,
        "text",
        sql`case ${sql.ref("question")} ${sql.join(whens, sql` `)} else '' end`,
      );
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async down(db: Kysely<any>) {
      const whens = keysByOldPosition.map(
        (key, index) => sql`when ${sql.lit(key)} then ${sql.lit(index + 1)}`,
      );
      await replaceQuestion(
        db,
        "integer",
        sql`case ${sql.ref("question")} ${sql.join(whens, sql` `)} else 0 end`,
      );
    },
  };
}
