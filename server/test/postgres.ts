import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL for tests: TEST_DATABASE_URL points at a server where the role may create
 * databases (`source scripts/ci-postgres.sh`). Each test file gets a fresh database with a
 * random name, dropped afterwards.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * Whether PostgreSQL tests run: yes with TEST_DATABASE_URL. Without it they are skipped with a
 * loud warning, except in CI (CI set), where they run and fail instead of passing silently.
 */
export function postgresAvailable(): boolean {
  if (testDatabaseUrl || process.env.CI) return true;
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
  drop: () => Promise<void>;
}

/**
 * A fresh database with a random name on the server of `serverUrl` (TEST_DATABASE_URL unless
 * given), named `prefix`_ and 12 hex digits.
 */
export async function createTestDatabase(
  options: { serverUrl?: string; prefix?: string } = {},
): Promise<TestDatabase> {
  const { serverUrl = testDatabaseUrl, prefix = "reelsmith_test" } = options;
  if (!serverUrl) {
    throw new Error("TEST_DATABASE_URL is required (CI must run the PostgreSQL tests)");
  }
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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
