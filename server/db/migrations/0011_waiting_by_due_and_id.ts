import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/**
 * 0011_waiting_by_due_and_id: the inbox's unanswered part in its own order (due time, then id)
 * straight from an index, its first page and every page after it. Before, each page sorted every
 * unanswered application (bench:team at 100,000, 40% unanswered: 10–100 ms a page): 0007's
 * index ended at due_at; SQLite, once ANALYZE had run, skip-scanned 0008's (they began with
 * status and owner_id) and sorted; PostgreSQL never takes `first_response_at IS NULL` as fixing
 * a column for the order, and scanned the table.
 * - SQLite: the columns every unanswered query fixes first (is_spam, first_response_at), then
 *   status or owner_id, then due_at and id. (It would not use a partial index: the queries
 *   pass is_spam as a parameter, which cannot prove `WHERE is_spam = 0`.)
 * - PostgreSQL: partial indexes on the unanswered ones (it plans with the parameters' values).
 */
export function migration0011(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      for (const name of [
        "submissions_unanswered_due",
        "submissions_unanswered_status",
        "submissions_unanswered_owner",
      ]) {
        await db.schema.dropIndex(name).execute();
      }
      const indexes = { waiting: [], waiting_status: ["status"], waiting_owner: ["owner_id"] };
      for (const [name, first] of Object.entries(indexes)) {
        const columns = [...first, "due_at", "id"];
        if (dialect === "postgres") {
          await sql`create index ${sql.ref(`submissions_${name}`)} on submissions (${sql.join(
            columns.map((column) => sql.ref(column)),
          )}) where is_spam = 0 and first_response_at is null`.execute(db);
        } else {
          await createIndex(db, `submissions_${name}`, "submissions", [
            "is_spam",
            "first_response_at",
            ...columns,
          ]);
        }
      }
    },
  };
}
