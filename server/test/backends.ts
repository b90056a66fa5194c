import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, onTestFinished } from "vitest";
import { type DatabaseHandle, openDatabase, openMigratedDatabase } from "../db/database.ts";
import { createTestDatabase, postgresAvailable } from "./postgres.ts";
import { seedSqlite, templates } from "./templates.ts";

/** Where the tests store applications: SQLite always, PostgreSQL when it is available. */
export interface StorageBackend {
  name: "sqlite" | "postgres";
  skip: boolean;
  /**
   * Environment for servers using this backend (a fresh PostgreSQL database, migrated unless
   * `empty`: a migration's own test starts from nothing), and cleanup.
   */
  setup: (options?: {
    empty?: boolean;
  }) => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>;
}

export function storageBackends(): StorageBackend[] {
  return [
    { name: "sqlite", skip: false, setup: async () => ({ env: {}, cleanup: async () => {} }) },
    {
      name: "postgres",
      skip: !postgresAvailable(),
      setup: async ({ empty = false } = {}) => {
        const template = empty ? undefined : templates.postgres();
        const database = await createTestDatabase({ template });
        // Servers and CLI runs on one PostgreSQL database share the hashing key, as deployed
        // (decision 0066): each test server has a DATA_DIR of its own.
        const env = { DATABASE_URL: database.url, IP_HASH_SECRET: "tests-share-this-hashing-key" };
        return { env, cleanup: database.drop };
      },
    },
  ];
}

/**
 * Runs `suite` once on each storage backend, as `describe(title)` with `$name` in the title
 * replaced by the backend's name ("sqlite", "postgres"; " on <name>" is added to a title without
 * it). The one way a test runs on both backends (docs/testing.md): without TEST_DATABASE_URL the
 * PostgreSQL suite is skipped, and "skipped: no PostgreSQL" said once, loudly; in CI (CI set) it
 * is never skipped: it runs and fails.
 */
export function describeEachBackend(title: string, suite: (backend: StorageBackend) => void): void {
  for (const backend of storageBackends()) {
    const named = title.includes("$name")
      ? title.replaceAll("$name", backend.name)
      : `${title} on ${backend.name}`;
    (backend.skip ? describe.skip : describe)(named, () => suite(backend));
  }
}

/** `suite` on PostgreSQL only (two instances on one database): skipped as describeEachBackend's. */
export function describeOnPostgres(title: string, suite: (backend: StorageBackend) => void): void {
  const postgres = storageBackends().find((backend) => backend.name === "postgres");
  if (!postgres) throw new Error("no PostgreSQL backend");
  (postgres.skip ? describe.skip : describe)(title, () => suite(postgres));
}

/**
 * A fresh, migrated database on `backend` with its own data directory, closed (and on
 * PostgreSQL dropped) when the test finishes. `env` and `dataDir` start servers on it.
 */
export async function migratedDatabase(
  backend: StorageBackend,
): Promise<{ database: DatabaseHandle; env: Record<string, string>; dataDir: string }> {
  const { env, cleanup } = await backend.setup();
  onTestFinished(cleanup);
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-test-"));
  if (!env.DATABASE_URL) await seedSqlite(dataDir);
  const database = await openMigratedDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
  onTestFinished(() => database.close());
  return { database, env, dataDir };
}

/**
 * A fresh database as `migratedDatabase` makes it, and `other`: a second instance's connection
 * to it. Instances share PostgreSQL (there another connection, closed when the test finishes);
 * SQLite is one process's, so there `other` is the same handle (two jobs on its one writer).
 */
export async function databaseOfTwo(backend: StorageBackend) {
  const made = await migratedDatabase(backend);
  const { database, env, dataDir } = made;
  if (backend.name !== "postgres") return { ...made, other: database };
  const other = openDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
  onTestFinished(() => other.close());
  return { ...made, other };
}
