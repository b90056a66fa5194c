import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/**
 * 0026_waiting_indexes: the rest of what bench:team found over 50 ms at 1,000,000 applications
 * (decision 0075), read from indexes that hold exactly it.
 * - SQLite: the waiting index carries owner_id, so the waiting ones not due yet, per owner
 *   (overdueCounts), are a range of it; it walked every waiting entry of the owners' index
 *   instead. A waiting index of those with a reply back (partial) gives "New reply"'s waiting part
 *   in due order; it walked every waiting application to find the few with a reply.
 * - PostgreSQL: the replies back of the Needs reply views (answered or from before the clock)
 *   from partial indexes of exactly those, counted without reading the table.
 */
export function migration0026(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      if (dialect === "postgres") {
        const replied = sql`new_reply = 1 and is_spam = 0 and (first_response_at is not null or due_at is null)`;
        await sql`create index submissions_replied on submissions (created_at, id) where ${replied}`.execute(
          db,
        );
        await sql`create index submissions_replied_owner on submissions (owner_id, created_at, id) where ${replied}`.execute(
          db,
        );
        return;
      }
      await db.schema.dropIndex("submissions_waiting").execute();
      await createIndex(db, "submissions_waiting", "submissions", [
        "is_spam",
        "first_response_at",
        "due_at",
        "id",
        "owner_id",
      ]);
      // Partial, so that no other query can take it (with ANALYZE's statistics SQLite skip-scanned
      // a (new_reply, …) index for the waiting part of every page, and sorted): the filter says
      // `new_reply = 1` in a literal, which SQLite can prove the index's WHERE from.
      await sql`create index submissions_waiting_new_reply
        on submissions (is_spam, first_response_at, due_at, id) where new_reply = 1`.execute(db);
    },
  };
}
