import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL for tests: TEST_DATABASE_URL points at a server where the role may create
 * databases (`source scripts/ci-postgres.sh`). Each test file gets a fresh database with a
 * random name, dropped afterwards.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

let warned = false;

/**
 * Whether PostgreSQL tests run: yes with TEST_DATABASE_URL. Without it they are skipped with a
 * loud warning (once per test file), except in CI (CI set), where they run and fail instead of passing silently.
 */
export function postgresAvailable(): boolean {
  if (testDatabaseUrl || process.env.CI) return true;
  if (warned) return false;
  warned = true;
  console.warn(
    "\n**************************************************************\n" +
      "  skipped: no PostgreSQL (TEST_DATABASE_URL is not set).\n" +
      "  Run `source scripts/ci-postgres.sh` to run these tests.\n" +
      "**************************************************************\n",
  );
  return false;
}

export interface TestDatabase {
  url: string;
  /** The database's name on its server. */
  name: string;
  drop: () => Promise<void>;
}

/**
 * A fresh database with a random name on the server of `serverUrl` (TEST_DATABASE_URL unless
 * given), named `prefix`_ and 12 hex digits: empty, or a copy of the database `template` (a
 * migrated one, see template-setup.ts), which nobody may be connected to while it is copied.
 */
export async function createTestDatabase(
  options: { serverUrl?: string; prefix?: string; template?: string } = {},
): Promise<TestDatabase> {
  const { serverUrl = testDatabaseUrl, prefix = "reelsmith_test", template } = options;
  if (!serverUrl) {
    throw new Error("TEST_DATABASE_URL is required (CI must run the PostgreSQL tests)");
  }
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * Drops a test database and ends what is still connected to it. An autovacuum worker in it can
 * be ended only by a member of pg_signal_backend (scripts/ci-postgres.sh grants it); on a
 * server where the role is not, the drop is refused (42501) until the worker is done: retried
 * for up to 5 s.
 */
async function dropDatabase(serverUrl: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      if ((error as { code?: string }).code !== "42501" || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
