import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/**
 * 0020_new_replies: the inbox's "Needs reply" views find the applications with a reply back
 * nobody has read (new_reply = 1) from an index of those alone, per owner, newest first, and
 * count them there: their cost follows how many replies wait, not how many applications there
 * are. PostgreSQL: a partial index on them; SQLite: the columns those queries fix first (it
 * takes no partial index for a parameter's value, see 0011).
 */
export function migration0020(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      if (dialect === "postgres") {
        await sql`create index submissions_new_reply on submissions (owner_id, created_at, id) where new_reply = 1 and is_spam = 0`.execute(
          db,
        );
        await sql`create index submissions_new_reply_by_time on submissions (created_at, id) where new_reply = 1 and is_spam = 0`.execute(
          db,
        );
      } else {
        await createIndex(db, "submissions_new_reply", "submissions", [
          "new_reply",
          "is_spam",
          "owner_id",
          "created_at",
          "id",
        ]);
        await createIndex(db, "submissions_new_reply_by_time", "submissions", [
          "new_reply",
          "is_spam",
          "created_at",
          "id",
        ]);
      }
    },
  };
}
