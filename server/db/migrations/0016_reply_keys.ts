import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * 0016_reply_keys: a reply of ours keeps the idempotency key of the draft it was sent from, at
 * most once per application (a unique index; theirs and older replies have none, and NULLs never
 * collide). The same draft posted again finds its reply and sends nothing (decision 65).
 */
export function migration0016(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema.alterTable("application_messages").addColumn("reply_key", "text").execute();
      await db.schema
        .createIndex("application_messages_reply_key")
        .unique()
        .on("application_messages")
        .columns(["submission_id", "reply_key"])
        .execute();
    },
  };
}
