import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getMigrations } from "better-auth/db/migration";
import type { Kysely } from "kysely";
import { expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { openDatabase } from "../db/database.ts";
import { createLogger } from "../logger.ts";
import { describeEachBackend, migratedDatabase, type StorageBackend } from "../test/backends.ts";
import { createTestDatabase } from "../test/postgres.ts";
import { teamAuthOptions } from "./auth.ts";

const authTables = [
  "team_accounts",
  "team_members",
  "team_passkeys",
  "team_sessions",
  "team_verifications",
];

const optionsFor = (database: DatabaseHandle) =>
  teamAuthOptions({
    config: { PUBLIC_SITE_URL: "http://localhost:3000", https: false },
    logger: createLogger({ LOG_LEVEL: "silent" }),
    db: database.db,
    dialect: database.dialect,
    secret: "a".repeat(32),
    sendLink: async () => {},
  });

/** Every column of better-auth's tables: name, type, nullability, by table. */
async function columns(db: Kysely<unknown>) {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      .filter((table) => authTables.includes(table.name))
      .map((table) => [
        table.name,
        table.columns
          .map(
            (column) => `${column.name} ${column.dataType}${column.isNullable ? "" : " not null"}`,
          )
          .sort(),
      ]),
  );
}

/** A database of `backend` with nothing in it. */
async function emptyDatabase(backend: StorageBackend): Promise<DatabaseHandle> {
  if (backend.name === "postgres") {
    const fresh = await createTestDatabase();
    onTestFinished(fresh.drop);
    const handle = openDatabase({ DATABASE_URL: fresh.url, dataDir: "" });
    onTestFinished(() => handle.close());
    return handle;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-auth-"));
  const handle = openDatabase({ DATABASE_URL: undefined, dataDir });
  onTestFinished(() => handle.close());
  return handle;
}

// better-auth's tables are made by our migration 0003_team, never by better-auth at run time.
// Its own generator, for our configuration, must make the very same columns.
describeEachBackend("better-auth's tables on $name", (backend) => {
  it("are the ones better-auth itself would make", async () => {
    const ours = await migratedDatabase(backend);
    const theirs = await emptyDatabase(backend);
    await (await getMigrations(optionsFor(theirs))).runMigrations();
    const expected = await columns(theirs.db as Kysely<unknown>);
    expect(Object.keys(expected).sort()).toEqual(authTables);
    expect(await columns(ours.database.db as Kysely<unknown>)).toEqual(expected);
  });
});
