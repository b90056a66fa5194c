import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0023_client_uploads: the files a client's people upload (tus, decision 0079's realm): one row
 * per upload, made when the upload is created (its whole size counted against the client's quota
 * from then on), completed when its last byte is stored. The bytes live under DATA_DIR/media,
 * named by the upload's id, never by a name a user gave.
 */
export function migration0023(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("client_uploads")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        .addColumn("person_id", "text", (col) =>
          col.references("client_people.id").onDelete("set null"),
        )
        .addColumn("size", "bigint", (col) => col.notNull())
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .addColumn("completed_at", "bigint")
        .execute();
      await createIndex(db, "client_uploads_client", "client_uploads", ["client_id"]);
    },
  };
}
