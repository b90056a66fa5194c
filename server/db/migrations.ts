import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Dialect } from "./database.ts";
import { teamMigration } from "./team-migration.ts";

/**
 * Versioned migrations, in code (names sort in order of application). Kysely's migrator
 * records them in `kysely_migration`; on PostgreSQL it holds an advisory lock while it runs,
 * so several instances may start at the same time.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return {
    "0001_intake": {
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
        await db.schema
          .createIndex("submissions_created_at")
          .on("submissions")
          .column("created_at")
          .execute();
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
        await db.schema
          .createIndex("deliveries_due")
          .on("deliveries")
          .columns(["status", "next_attempt_at"])
          .execute();
        await db.schema
          .createIndex("deliveries_submission")
          .on("deliveries")
          .column("submission_id")
          .execute();

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
    },
    "0002_idempotency_and_confirmation_caps": {
      // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
      async up(db: Kysely<any>) {
        // SHA-256 of the answers sent with an Idempotency-Key: the same key with other answers
        // is refused (Stripe's rule). Null on rows stored before (any answers match those).
        await db.schema.alterTable("submissions").addColumn("idempotency_hash", "text").execute();
        // Why a delivery was skipped (status `skipped`): only confirmations ever are.
        await db.schema.alterTable("deliveries").addColumn("skip_reason", "text").execute();
        // Confirmations granted per recipient (an HMAC of the lower-cased address, never the
        // address) and per clock hour, decided in the transaction that stores the submission.
        await db.schema
          .createTable("confirmation_recipients")
          .addColumn("recipient_hash", "text", (col) => col.primaryKey())
          .addColumn("sent_at", "bigint", (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("confirmation_recipients_sent_at")
          .on("confirmation_recipients")
          .column("sent_at")
          .execute();
        await db.schema
          .createTable("confirmation_hours")
          .addColumn("hour", "bigint", (col) => col.primaryKey())
          .addColumn("count", "integer", (col) => col.notNull())
          .execute();
      },
    },
    "0003_team": teamMigration(dialect),
    "0004_delivery_alerts": {
      // Chat kinds and alerts need no new table: an alert is a delivery that names the one that
      // failed (server/db/delivery-alerts.ts); every failed attempt records its class of error.
      // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
      async up(db: Kysely<any>) {
        for (const [column, type] of [
          ["error_class", "text"],
          ["alert_for", uuid],
          ["alert_for_kind", "text"],
          ["alert_for_error", "text"],
        ] as const) {
          await db.schema.alterTable("deliveries").addColumn(column, type).execute();
        }
      },
    },
    "0005_search_index_secure_delete": {
      // SQLite: the inbox's search index (FTS5, 0003_team) removes an erased applicant's
      // trigrams at once instead of leaving delete markers until its segments merge; then
      // one merge drops what earlier deletes left (docs/decisions/0057). PostgreSQL: nothing.
      // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
      async up(db: Kysely<any>) {
        if (dialect !== "sqlite") return;
        await sql`insert into submissions_search(submissions_search, rank) values ('secure-delete', 1)`.execute(
          db,
        );
        await sql`insert into submissions_search(submissions_search) values ('optimize')`.execute(
          db,
        );
      },
    },
    "0006_hashed_session_tokens": {
      // The team's session tokens are stored as their SHA-256 from now on (server/team/
      // hashed-session-tokens.ts, decision 0058): the sessions open at the upgrade are hashed
      // here, so nobody is signed out by it.
      // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
      async up(db: Kysely<any>) {
        const sessions = await db.selectFrom("team_sessions").select(["id", "token"]).execute();
        for (const { id, token } of sessions as { id: string; token: string }[]) {
          await db
            .updateTable("team_sessions")
            .set({ token: sessionTokenHash(token) })
            .where("id", "=", id)
            .execute();
        }
      },
    },
  };
}

/** How a session token is stored: server/team/link-token.ts's hashToken (a test holds them equal). */
export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Brings the database to the latest version; throws when a migration fails. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Each part of the product numbers its migrations in its own range (0002 intake hardening,
    // 0003 team, 0004 deliveries), and they are independent: a database that has 0004 already
    // takes a 0002 that arrived later instead of refusing to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
