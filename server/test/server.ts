import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";
import { intakePath } from "#app/shared/paths.ts";
import { type RunningServer, startServer } from "../composition-root.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import type { StorageBackend } from "./backends.ts";
import { seedSqlite } from "./templates.ts";

export interface TestServer extends RunningServer {
  dataDir: string;
  endpoint: string;
  env: Record<string, string>;
  /** POSTs `body` as JSON to the intake endpoint. */
  submit: (body: unknown, headers?: Record<string, string>) => Promise<Response>;
  /** A separate connection to the server's database, for looking at what it stored. */
  openDatabase: () => DatabaseHandle;
}

/**
 * The real server, in this process, on a random port, with its own data directory and no
 * build (pages disabled). Tests add what they need (SMTP_URL, DATABASE_URL…) through `env`.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-test-"));
    // A folder of its own on SQLite: the migrated template as its database (backends.ts).
    if (!env.DATABASE_URL) await seedSqlite(dataDir);
  }
  const fullEnv: Record<string, string> = {
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "test",
    BUILD_DIR: path.join(dataDir, "no-build"),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    RATE_LIMIT_PER_HOUR: "0",
    DELIVERY_POLL_MS: "100",
    DELIVERY_RETRY_DELAYS: "0.2,0.2,0.5",
    // Several instances on one PostgreSQL share their hashing key, as production's must.
    ...(env.DATABASE_URL ? { IP_HASH_SECRET: "tests-share-this-hashing-key" } : {}),
    ...env,
    DATA_DIR: dataDir,
  };
  // IP_HASH_SECRET "" : none (the key file under DATA_DIR, as on an install without it).
  if (!fullEnv.IP_HASH_SECRET) delete fullEnv.IP_HASH_SECRET;
  const server = await startServer(fullEnv);
  const endpoint = `${server.url}${intakePath}`;
  // Stopped once, however often asked: a test stops it to await its work in hand (nothing more
  // is sent after), and its cleanup stops it again.
  let stopped: Promise<void> | undefined;
  return {
    ...server,
    stop: () => {
      stopped ??= server.stop();
      return stopped;
    },
    dataDir,
    endpoint,
    env: fullEnv,
    submit: (body, headers = {}) =>
      fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    openDatabase: () =>
      openDatabase({ DATABASE_URL: fullEnv.DATABASE_URL, dataDir: path.resolve(dataDir) }),
  };
}

/**
 * A server on `backend` (a fresh database on PostgreSQL) started with `env`, and a connection
 * to its database; closed, stopped and dropped when the test finishes.
 */
export async function serverOn(backend: StorageBackend, env: Record<string, string> = {}) {
  const setup = await backend.setup();
  const server = await startTestServer({ ...setup.env, ...env });
  const database = server.openDatabase();
  onTestFinished(async () => {
    await database.close();
    await server.stop();
    await setup.cleanup();
  });
  return { server, database };
}
