import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0031_request_versions: cuts back to the client (issue 39). A cut the team uploads to a request
 * (one of the client's uploads, `from_team` 1) becomes its next version (v1, v2, ...: unique per
 * request); the client's decision on it (approved, or changes asked) is kept on the version.
 * Comments are at a frame or a range of frames of one version (counted from 0 at the rate the
 * media job stored), by the team or by one of the client's people; a reply names its parent.
 * `comment_notices` makes each side hear of the other's new comments once, in batches (as
 * `upload_notices` does for footage). Erasing a client deletes all of it (cascade).
 */
export function migration0031(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("client_uploads")
        .addColumn("from_team", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("request_versions")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("request_id", "text", (col) =>
          col.notNull().references("client_requests.id").onDelete("cascade"),
        )
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        .addColumn("number", "integer", (col) => col.notNull())
        .addColumn("upload_id", "text", (col) =>
          col.notNull().references("client_uploads.id").onDelete("cascade"),
        )
        .addColumn("created_by", "text")
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .addColumn("decision", "text")
        .addColumn("decided_at", "bigint")
        .addColumn("decided_by", "text")
        .addUniqueConstraint("request_versions_number", ["request_id", "number"])
        .addUniqueConstraint("request_versions_upload", ["upload_id"])
        .execute();
      await createIndex(db, "request_versions_client", "request_versions", [
        "client_id",
        "created_at",
      ]);
      await db.schema
        .createTable("version_comments")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("version_id", "text", (col) =>
          col.notNull().references("request_versions.id").onDelete("cascade"),
        )
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        .addColumn("parent_id", "text", (col) =>
          col.references("version_comments.id").onDelete("cascade"),
        )
        .addColumn("author_side", "text", (col) => col.notNull())
        .addColumn("author_id", "text")
        .addColumn("author_name", "text", (col) => col.notNull())
        .addColumn("frame_in", "integer")
        .addColumn("frame_out", "integer")
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("resolved_at", "bigint")
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "version_comments_version", "version_comments", [
        "version_id",
        "created_at",
      ]);
      await createIndex(db, "version_comments_parent", "version_comments", ["parent_id"]);
      await db.schema
        .createTable("comment_notices")
        .addColumn("comment_id", "text", (col) =>
          col.notNull().references("version_comments.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("delivery_id", "text")
        .addColumn("queued_at", "bigint", (col) => col.notNull())
        .addPrimaryKeyConstraint("comment_notices_pk", ["comment_id", "kind"])
        .execute();
      await createIndex(db, "comment_notices_delivery", "comment_notices", ["delivery_id"]);
    },
  };
}
