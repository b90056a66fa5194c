import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import { ensurePrivateDatabaseFile } from "../files/data-dir.ts";
import type { Database } from "./schema.ts";

/** How long SQLite waits for another process's write lock (the CLI) before giving up. */
export const sqliteBusyTimeoutMs = 2000;

/** A connection to the SQLite file with the pragmas every connection of ours uses. */
export function openSqliteConnection(file: string): SQLite.Database {
  // DATA_DIR 0700, the file (and so its -wal and -shm) 0600.
  ensurePrivateDatabaseFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: every commit is fsynced, so an accepted application survives a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  sqlite.pragma("foreign_keys = ON");
  // Deleted rows (erasure, retention) are overwritten with zeros, not left in free pages.
  sqlite.pragma("secure_delete = ON");
  return sqlite;
}

export function sqliteKysely(sqlite: SQLite.Database): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
}

/**
 * Writes the -wal back into the database file and empties it (`wal_checkpoint(TRUNCATE)`): old
 * page images of erased rows live there until then. Waits for nobody: when a reader still
 * holds an older snapshot (the sqlite3 shell, a backup in progress) it returns false, to be
 * tried again later.
 */
export function truncateWal(sqlite: SQLite.Database): boolean {
  sqlite.pragma("busy_timeout = 0");
  try {
    const [result] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
    return result?.busy === 0;
  } finally {
    sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  }
}
