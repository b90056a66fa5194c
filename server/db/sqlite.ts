import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema.ts";

/** How long SQLite waits for another process's write lock (the CLI) before giving up. */
export const sqliteBusyTimeoutMs = 2000;

/** A connection to the SQLite file with the pragmas every connection of ours uses. */
export function openSqliteConnection(file: string): SQLite.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: every commit is fsynced, so an accepted submission survives a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  sqlite.pragma("foreign_keys = ON");
  return sqlite;
}

export function sqliteKysely(sqlite: SQLite.Database): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
}
