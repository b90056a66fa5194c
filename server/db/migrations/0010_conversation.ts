import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/**
 * 0010_conversation: the messages of an application's thread, ours (replies sent from the
 * inbox, each sent by an outbox delivery) and theirs (replies that came back, stored whole
 * under DATA_DIR, with their attachments). A message of theirs that matched no application has
 * no submission: the Unmatched list. An application with a reply nobody has read yet is
 * `new_reply`.
 */
export function migration0010(dialect: Dialect): Migration {
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("application_messages")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("submission_id", uuid, (col) =>
          col.references("submissions.id").onDelete("cascade"),
        )
        .addColumn("direction", "text", (col) => col.notNull())
        .addColumn("message_id", "text")
        .addColumn("in_reply_to", "text")
        .addColumn("from_address", "text", (col) => col.notNull())
        .addColumn("from_name", "text", (col) => col.notNull().defaultTo(""))
        .addColumn("to_address", "text", (col) => col.notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("visible", "text", (col) => col.notNull())
        .addColumn("raw_file", "text")
        .addColumn("auth", "text")
        .addColumn("member_email", "text")
        .addColumn("delivery_id", "text")
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "application_messages_thread", "application_messages", [
        "submission_id",
        "created_at",
      ]);
      await createIndex(db, "application_messages_message_id", "application_messages", [
        "message_id",
      ]);
      await createIndex(db, "application_messages_delivery", "application_messages", [
        "delivery_id",
      ]);
      await db.schema
        .createTable("message_attachments")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("message_id", "text", (col) =>
          col.notNull().references("application_messages.id").onDelete("cascade"),
        )
        .addColumn("filename", "text", (col) => col.notNull())
        .addColumn("content_type", "text", (col) => col.notNull())
        .addColumn("size", "integer", (col) => col.notNull())
        .addColumn("file", "text", (col) => col.notNull())
        .execute();
      await createIndex(db, "message_attachments_message", "message_attachments", ["message_id"]);
      await db.schema
        .alterTable("submissions")
        .addColumn("new_reply", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
