import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { migration0001 } from "./0001_intake.ts";
import { migration0002 } from "./0002_idempotency_and_confirmation_caps.ts";
import { migration0003 } from "./0003_team.ts";
import { migration0004 } from "./0004_delivery_alerts.ts";
import { migration0005 } from "./0005_search_index_secure_delete.ts";
import { migration0006 } from "./0006_hashed_session_tokens.ts";
import { migration0007 } from "./0007_response_promise.ts";
import { migration0008 } from "./0008_unanswered_by_status_and_owner.ts";
import { migration0010 } from "./0010_conversation.ts";
import { migration0011 } from "./0011_waiting_by_due_and_id.ts";
import { migration0012 } from "./0012_insights.ts";
import { migration0013 } from "./0013_inbound_limits.ts";
import { migration0014 } from "./0014_message_flags.ts";
import { migration0016 } from "./0016_reply_keys.ts";
import { migration0017 } from "./0017_sealed_visit_secrets.ts";
import { migration0018 } from "./0018_question_keys.ts";
import { migration0019 } from "./0019_member_settings.ts";
import { migration0020 } from "./0020_new_replies.ts";
import { migration0021 } from "./0021_waiting_counts.ts";
import { migration0022 } from "./0022_portal_clients.ts";
import { migration0023 } from "./0023_client_uploads.ts";
import { migration0026 } from "./0026_waiting_indexes.ts";
import { migration0027 } from "./0027_upload_requests.ts";
import { migration0028 } from "./0028_upload_checks.ts";
import { migration0029 } from "./0029_upload_media.ts";
import { migration0030 } from "./0030_upload_notices.ts";
import { migration0031 } from "./0031_request_versions.ts";
import { migration0032 } from "./0032_request_clock.ts";
import { migration0033 } from "./0033_request_posts.ts";
import { migration0035 } from "./0035_post_notices.ts";

/**
 * Versioned migrations, one per file (names sort in order of application). Kysely's migrator
 * records them in `kysely_migration`; on PostgreSQL it holds an advisory lock while it runs,
 * so several instances may start at the same time. A new one: the next number, its file, one
 * line here.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_intake": migration0001(dialect),
    "0002_idempotency_and_confirmation_caps": migration0002(dialect),
    "0003_team": migration0003(dialect),
    "0004_delivery_alerts": migration0004(dialect),
    "0005_search_index_secure_delete": migration0005(dialect),
    "0006_hashed_session_tokens": migration0006(dialect),
    "0007_response_promise": migration0007(dialect),
    "0008_unanswered_by_status_and_owner": migration0008(),
    "0010_conversation": migration0010(dialect),
    "0011_waiting_by_due_and_id": migration0011(dialect),
    "0012_insights": migration0012(),
    "0013_inbound_limits": migration0013(),
    "0017_sealed_visit_secrets": migration0017(),
    "0019_member_settings": migration0019(),
    "0016_reply_keys": migration0016(),
    "0014_message_flags": migration0014(),
    "0020_new_replies": migration0020(dialect),
    "0018_question_keys": migration0018(),
    "0021_waiting_counts": migration0021(dialect),
    "0026_waiting_indexes": migration0026(dialect),
    "0028_upload_checks": migration0028(),
    "0022_portal_clients": migration0022(dialect),
    "0023_client_uploads": migration0023(),
    "0027_upload_requests": migration0027(),
    "0029_upload_media": migration0029(),
    "0030_upload_notices": migration0030(),
    "0031_request_versions": migration0031(),
    "0032_request_clock": migration0032(),
    "0033_request_posts": migration0033(),
    "0035_post_notices": migration0035(),
  };
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
