import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0030_upload_notices: the owner told of finished footage (decision 0087), one row per upload
 * and notice kind (the email, each chat channel): queued once the upload is read (or at once
 * when the server reads nothing), then given the delivery that tells it, which lists every
 * file of its batch (one request, a short window). The primary key makes an upload queued
 * once per kind; `delivery_id` set from NULL in one statement makes it told by one delivery.
 */
export function migration0030(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("upload_notices")
        .addColumn("upload_id", "text", (col) =>
          col.notNull().references("client_uploads.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("delivery_id", "text")
        .addColumn("queued_at", "bigint", (col) => col.notNull())
        .addPrimaryKeyConstraint("upload_notices_pk", ["upload_id", "kind"])
        .execute();
      await createIndex(db, "upload_notices_delivery", "upload_notices", ["delivery_id"]);
    },
  };
}
