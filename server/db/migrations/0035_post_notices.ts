import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0035_post_notices: the client told by email of each revision of a post that waits for their
 * approval (decision 0100): one row per post and revision, naming the delivery that tells it.
 * The primary key makes two instances tell a revision once. Erasing a client deletes its rows.
 */
export function migration0035(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("post_notices")
        .addColumn("post_id", "text", (col) =>
          col.notNull().references("request_posts.id").onDelete("cascade"),
        )
        .addColumn("revision", "integer", (col) => col.notNull())
        .addColumn("delivery_id", "text", (col) => col.notNull())
        .addColumn("queued_at", "bigint", (col) => col.notNull())
        .addPrimaryKeyConstraint("post_notices_pk", ["post_id", "revision"])
        .execute();
      await createIndex(db, "post_notices_delivery", "post_notices", ["delivery_id"]);
    },
  };
}
