import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0029_upload_media: what a finished upload is (decision 0084), one row per upload once the
 * job `upload-media` finds it complete: its state (pending, ready, unreadable), the job's
 * attempts and lease (exactly once across instances, again after a crash), and what ffprobe
 * read (duration, size, frame rate as a rational, codecs, sound) and whether a poster and a
 * preview were made (files under DATA_DIR/media/derived, named by the upload's id). A table of
 * its own rather than columns of client_uploads: the upload's row is the tus endpoint's, this
 * one the job's, and an upload without a row here is simply not looked at yet.
 */
export function migration0029(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("upload_media")
        .addColumn("upload_id", "text", (col) =>
          col.primaryKey().references("client_uploads.id").onDelete("cascade"),
        )
        .addColumn("state", "text", (col) => col.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
        .addColumn("lease_holder", "text")
        .addColumn("lease_expires_at", "bigint")
        .addColumn("kind", "text")
        .addColumn("format", "text")
        .addColumn("duration_ms", "bigint")
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("rotation", "integer")
        .addColumn("frame_rate", "text")
        .addColumn("video_codec", "text")
        .addColumn("audio_codec", "text")
        .addColumn("has_audio", "integer")
        .addColumn("has_poster", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("has_preview", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("reason", "text")
        .addColumn("probed_at", "bigint")
        .execute();
      await createIndex(db, "upload_media_due", "upload_media", ["state", "next_attempt_at"]);
    },
  };
}
