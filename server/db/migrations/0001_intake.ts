import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/** Migration 0001_intake. */
export function migration0001(dialect: Dialect): Migration {
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("submissions")
        .addColumn("id", uuid, (col) => col.primaryKey())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("account_handle", "text", (col) => col.notNull())
        .addColumn("account_type", "text", (col) => col.notNull())
        .addColumn("primary_platform", "text", (col) => col.notNull())
        .addColumn("audience_size", "text", (col) => col.notNull())
        .addColumn("content_niche", "text", (col) => col.notNull())
        .addColumn("goals", "text", (col) => col.notNull())
        .addColumn("current_challenges", "text", (col) => col.notNull())
        .addColumn("brand_style", "text", (col) => col.notNull())
        .addColumn("selected_plan", "text", (col) => col.notNull())
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .addColumn("ip_hash", "text", (col) => col.notNull())
        .addColumn("user_agent", "text", (col) => col.notNull())
        .addColumn("is_spam", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("idempotency_key", "text", (col) => col.unique())
        .execute();
      await createIndex(db, "submissions_created_at", "submissions", ["created_at"]);
      await db.schema
        .createIndex("submissions_email")
        .on("submissions")
        .expression(sql`lower(email)`)
        .execute();

      await db.schema
        .createTable("deliveries")
        .addColumn("id", uuid, (col) => col.primaryKey())
        .addColumn("submission_id", uuid, (col) =>
          col.notNull().references("submissions.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_expires_at", "bigint")
        .addColumn("last_error", "text")
        .addColumn("created_at", "bigint", (col) => col.notNull())
        .addColumn("updated_at", "bigint", (col) => col.notNull())
        .execute();
      await createIndex(db, "deliveries_due", "deliveries", ["status", "next_attempt_at"]);
      await createIndex(db, "deliveries_submission", "deliveries", ["submission_id"]);

      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (col) => col.primaryKey())
        .addColumn("value", "text", (col) => col.notNull())
        .execute();

      if (dialect === "postgres") {
        // The table RateLimiterPostgres (rate-limiter-flexible) expects, made here rather
        // than by the library at run time.
        await db.schema
          .createTable("rate_limits")
          .addColumn("key", "varchar(255)", (col) => col.primaryKey())
          .addColumn("points", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("expire", "bigint")
          .execute();
      }
    },
  };
}
