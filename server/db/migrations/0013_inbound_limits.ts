import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0013_inbound_limits: what the limits of mail coming in (docs/replies.md, "Limits") read.
 *
 * - `application_messages.size`: the bytes a message that came in keeps on disk (its raw file
 *   and its attachments), so that an application's and Unmatched's stored bytes are the
 *   database's own sums, over an index that covers them. Messages stored before count their
 *   attachments (the raw files' sizes are not known to the database).
 * - `inbound_limit_notices`: one row per limit and period in which it refused mail: the team is
 *   told when the row is made, so once per limit per period, across instances.
 */
export function migration0013(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("application_messages")
        .addColumn("size", "bigint", (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`UPDATE application_messages SET size = (
          SELECT COALESCE(SUM(size), 0) FROM message_attachments
          WHERE message_attachments.message_id = application_messages.id
        ) WHERE direction = 'in'`.execute(db);
      await createIndex(db, "application_messages_stored", "application_messages", [
        "submission_id",
        "direction",
        "size",
      ]);
      await db.schema
        .createTable("inbound_limit_notices")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("limit_name", "text", (col) => col.notNull())
        .addColumn("period_start", "bigint", (col) => col.notNull())
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
    },
  };
}
