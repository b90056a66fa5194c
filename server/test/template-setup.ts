import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openMigratedDatabase } from "../db/database.ts";
import { createTestDatabase, testDatabaseUrl } from "./postgres.ts";

/**
 * The unit suite's global set-up: each backend's database migrated once for the whole run, as
 * templates. A test's fresh database is a copy of one (the file, or CREATE DATABASE … TEMPLATE)
 * instead of 33 migrations run again: the unit suite made ~550 databases, and their migrations
 * were a third of its time (decision 0098). What the migrations themselves do is tested on
 * empty databases (createTestDatabase(), `setup({ empty: true })`, server/db/migrations/).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-template-"));
  const sqlite = await openMigratedDatabase({ DATABASE_URL: undefined, dataDir });
  await sqlite.emptyWal?.();
  await sqlite.close();
  project.provide("sqliteTemplate", path.join(dataDir, "reelsmith.db"));
  const postgres = testDatabaseUrl
    ? await createTestDatabase({ prefix: "reelsmith_template" })
    : undefined;
  if (postgres) {
    const migrated = await openMigratedDatabase({ DATABASE_URL: postgres.url, dataDir });
    await migrated.close();
    project.provide("postgresTemplate", postgres.name);
  }
  return async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
