import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0027_upload_requests: an upload belongs to one of its client's requests (the footage of that
 * video), and keeps the name the person's file had, for display only (cleaned and bounded by
 * the endpoint; never a path). Rows from before read as no request and no name. A request is
 * never deleted today; if it were, its uploads would stay (and count against the quota) with
 * no request.
 */
export function migration0027(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("client_uploads")
        .addColumn("request_id", "text", (col) =>
          col.references("client_requests.id").onDelete("set null"),
        )
        .execute();
      await db.schema
        .alterTable("client_uploads")
        .addColumn("display_name", "text", (col) => col.notNull().defaultTo(""))
        .execute();
      await createIndex(db, "client_uploads_request", "client_uploads", [
        "request_id",
        "created_at",
      ]);
    },
  };
}
