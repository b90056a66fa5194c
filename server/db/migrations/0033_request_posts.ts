import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { createIndex } from "./create-index.ts";

/**
 * 0033_request_posts: the posting schedule (issue 39, decision 0094). One post per request
 * (`request_posts`, unique per request): where (platform), when (the instant `at`, epoch ms UTC,
 * and the IANA zone it was planned in), the caption and hashtags the team wrote, and a revision
 * bumped by every change of the team's. The client's approval is of one revision
 * (`approved_revision`): a later change by the team asks again. `client_feeds` holds each
 * client's secret iCal feed: a random salt the token is derived from (with the server's
 * hashing key) and the SHA-256 of the token, never the token. Erasing a client deletes both.
 */
export function migration0033(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("request_posts")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("request_id", "text", (col) =>
          col.notNull().unique().references("client_requests.id").onDelete("cascade"),
        )
        .addColumn("client_id", "text", (col) =>
          col.notNull().references("clients.id").onDelete("cascade"),
        )
        .addColumn("platform", "text", (col) => col.notNull())
        .addColumn("at", "bigint", (col) => col.notNull())
        .addColumn("time_zone", "text", (col) => col.notNull())
        .addColumn("caption", "text", (col) => col.notNull())
        .addColumn("hashtags", "text", (col) => col.notNull())
        .addColumn("revision", "integer", (col) => col.notNull())
        .addColumn("updated_by", "text")
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .addColumn("updated_at", "bigint", (col) => col.notNull())
        .addColumn("approved_revision", "integer")
        .addColumn("approved_at", "bigint")
        .addColumn("approved_by", "text")
        .execute();
      await createIndex(db, "request_posts_client_at", "request_posts", ["client_id", "at"]);
      await createIndex(db, "request_posts_at", "request_posts", ["at"]);
      await db.schema
        .createTable("client_feeds")
        .addColumn("client_id", "text", (col) =>
          col.primaryKey().references("clients.id").onDelete("cascade"),
        )
        .addColumn("salt", "text", (col) => col.notNull())
        .addColumn("token_hash", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .execute();
    },
  };
}
