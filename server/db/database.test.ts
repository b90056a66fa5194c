import { existsSync, readdirSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { describeOnPostgres } from "../test/backends.ts";
import { createTestDatabase } from "../test/postgres.ts";
import { proxyInFrontOf } from "../test/tcp-proxy.ts";
import { type DatabaseHandle, openDatabase, openMigratedDatabase } from "./database.ts";
import { migrateToLatest } from "./migrations/index.ts";
import { sharedSecret } from "./settings.ts";

/** The tables of both backends, sorted (each has a few of its own besides). */
const sharedTables = [
  "application_messages",
  "application_notes",
  "client_feeds",
  "client_people",
  "client_requests",
  "client_sessions",
  "client_sign_in_tokens",
  "client_uploads",
  "clients",
  "comment_notices",
  "confirmation_hours",
  "confirmation_recipients",
  "deliveries",
  "inbound_limit_notices",
  "message_attachments",
  "post_notices",
  "request_pauses",
  "request_posts",
  "request_versions",
  "settings",
  "submissions",
  "team_accounts",
  "team_audit_log",
  "team_member_availability",
  "team_member_settings",
  "team_members",
  "team_passkeys",
  "team_sessions",
  "team_verifications",
  "turn_notices",
  "upload_locks",
  "upload_media",
  "upload_notices",
  "version_comments",
  "visit_secrets",
  "visit_totals",
  "visitors",
  "waiting_counts",
];
const tableNames = async (handle: DatabaseHandle) =>
  (await handle.db.introspection.getTables()).map((table) => table.name).sort();

describe("SQLite", () => {
  it("creates DATA_DIR/reelsmith.db on first start, in WAL mode with synchronous=FULL", async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), "reelsmith-db-")), "nested");
    const handle = await openMigratedDatabase({ DATABASE_URL: undefined, dataDir });
    onTestFinished(() => handle.close());
    expect(existsSync(path.join(dataDir, "reelsmith.db"))).toBe(true);
    expect(handle.sqlite?.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(handle.sqlite?.pragma("synchronous", { simple: true })).toBe(2); // FULL
    expect(await tableNames(handle)).toEqual(
      [
        ...sharedTables,
        // The search's trigram index (FTS5) and its shadow tables.
        "submissions_search",
        "submissions_search_config",
        "submissions_search_data",
        "submissions_search_docsize",
        "submissions_search_idx",
      ].sort(),
    );
    // Erased rows are overwritten, not left readable in free pages.
    expect(handle.sqlite?.pragma("secure_delete", { simple: true })).toBe(1);
    // Migrating again applies nothing.
    expect(await migrateToLatest(handle.db.withoutPlugins(), "sqlite")).toEqual([]);
  });
});

describeOnPostgres("PostgreSQL", () => {
  it("lets several instances migrate a fresh database at once", async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const config = { DATABASE_URL: database.url, dataDir: "" };
    const handles = await Promise.all(
      Array.from({ length: 5 }, () => openMigratedDatabase(config)),
    );
    onTestFinished(async () => {
      await Promise.all(handles.map((handle) => handle.close()));
    });
    const [first] = handles;
    if (!first) throw new Error("no handle");
    const migrations = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(first.db);
    // Every migration file, each once (0001_intake …), whatever their number.
    const files = readdirSync(path.join(import.meta.dirname, "migrations"))
      .filter((file) => /^\d{4}_\w+\.ts$/.test(file))
      .map((file) => ({ name: file.replace(/\.ts$/, "") }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(migrations.rows).toEqual(files);
    // The shared rate limit lives in the database on PostgreSQL (in memory on SQLite).
    expect(await tableNames(first)).toEqual([...sharedTables, "rate_limits"].sort());
    // The IP-hash secret is made once and shared by every instance.
    const secrets = await Promise.all(handles.map((handle) => sharedSecret(handle.db, "probe")));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[\w-]{43}$/);
  });
});

describeOnPostgres("PostgreSQL through a partition", () => {
  it("a transaction cut off mid-way leaves no open transaction for later statements to join", async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const { proxy, url } = await proxyInFrontOf(database.url);
    onTestFinished(() => proxy.cut());
    const direct = await openMigratedDatabase({ DATABASE_URL: database.url, dataDir: "" });
    onTestFinished(() => direct.close());
    const handle = openDatabase({
      DATABASE_URL: url,
      dataDir: "",
      DATABASE_QUERY_TIMEOUT_MS: 300,
    });
    onTestFinished(() => handle.close());
    // One connection in the pool, used (so the transaction below is lent the same one).
    await sql`select 1`.execute(handle.db);

    // The partition starts as a transaction begins: its BEGIN is sent (and arrives once the
    // network is back); it times out, and so does the ROLLBACK that pg queues behind it.
    proxy.freeze();
    const cutOff = handle.db.transaction().execute(async (trx) => {
      await sql`insert into settings (key, value) values ('never', 'stored')`.execute(trx);
    });
    await expect(cutOff).rejects.toThrow(/timeout/i);
    proxy.thaw();

    // A plain statement afterwards commits on its own, as it does on a fresh connection.
    await sql`insert into settings (key, value) values ('after', 'stored')`.execute(handle.db);
    const seen = await sql<{
      key: string;
    }>`select key from settings where key in ('never', 'after')`.execute(direct.db);
    expect(seen.rows).toEqual([{ key: "after" }]);
  });
});
