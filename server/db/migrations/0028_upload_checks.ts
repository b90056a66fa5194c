import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * 0028_upload_checks (decision 0083):
 * - `client_uploads.mime_type`: the type read from an upload's first bytes (video/*, audio/*,
 *   image/*; null until enough bytes have come).
 * - `upload_locks`: the tus lock of an upload across instances sharing DATA_DIR/media: one row per
 *   upload being read or written, held by `holder` until `expires_at` (renewed while held), and
 *   `release_asked_at` set by a request of another instance that waits for it.
 */
export function migration0028(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema.alterTable("client_uploads").addColumn("mime_type", "text").execute();
      await db.schema
        .createTable("upload_locks")
        .addColumn("upload_id", "text", (col) => col.primaryKey())
        .addColumn("holder", "text", (col) => col.notNull())
        .addColumn("expires_at", "bigint", (col) => col.notNull())
        .addColumn("release_asked_at", "bigint")
        .execute();
    },
  };
}
