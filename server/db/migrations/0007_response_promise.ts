import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/** The promise's hours when this migration was written: what `due_at` of older rows means. */
const promiseMs = 24 * 60 * 60 * 1000;

/**
 * 0007_response_promise: every application gets an owner (a member, or none), a time it is due
 * (received + the promise) and the time of its first response (a reply, or a status past New).
 * Members get an availability (Away skips them in the round robin) in a table of our own, so
 * better-auth's user table stays as its generator writes it (auth-schema.test.ts).
 *
 * Older rows: due 24 hours after they arrived; their first response is the first time a member
 * set a status past New (the audit log knows when), else none.
 */
export function migration0007(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("submissions")
        .addColumn("owner_id", "text", (col) =>
          col.references("team_members.id").onDelete("set null"),
        )
        .execute();
      await db.schema.alterTable("submissions").addColumn("due_at", "bigint").execute();
      await db.schema.alterTable("submissions").addColumn("first_response_at", "bigint").execute();
      await sql`update submissions set due_at = created_at + ${promiseMs}`.execute(db);
      await sql`update submissions set first_response_at = (
          select min(created_at) from team_audit_log
          where team_audit_log.submission_id = ${dialect === "postgres" ? sql`submissions.id::text` : sql`submissions.id`}
            and action = 'status' and detail in ('contacted', 'onboarded', 'declined'))
        where status <> 'new'`.execute(db);
      // The inbox's unanswered first, by due time; the Response page's windows by arrival.
      await createIndex(db, "submissions_unanswered_due", "submissions", [
        "is_spam",
        "first_response_at",
        "due_at",
      ]);
      await createIndex(db, "submissions_owner", "submissions", ["owner_id", "created_at"]);
      await db.schema
        .createTable("team_member_availability")
        .addColumn("member_id", "text", (col) =>
          col.primaryKey().references("team_members.id").onDelete("cascade"),
        )
        .addColumn("away", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("last_assigned_at", "bigint")
        .execute();
    },
  };
}
