import path from "node:path";
import type SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import {
  type PendingApplication,
  type StoredApplication,
  type StoreOptions,
  storeApplications,
} from "./applications/store.ts";
import type { Dialect } from "./dialect.ts";
import { migrateToLatest } from "./migrations/index.ts";
import type { Database } from "./schema.ts";
import { openSqliteConnection, sqliteKysely, truncateWal } from "./sqlite.ts";
import { type SqliteWriter, startSqliteWriter, writesThrough } from "./sqlite-writer.ts";
import type { RunWrite } from "./write-query.ts";
import { type RunTransaction, transactionOn, transactionThrough } from "./write-transaction.ts";

/**
 * The database, for everything that reads or writes it. Writes take the handle's route, fixed
 * when it is opened: through the SQLite writer thread when it has one (the server: see
 * sqlite-writer.ts), otherwise on its own connection (PostgreSQL: the pool).
 */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL pool (shared with the rate limiter); absent on SQLite. */
  pool?: pg.Pool;
  /** The SQLite connection under Kysely (reads); absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database. */
  location: string;
  /** Runs a write statement on the handle's write route. */
  write: RunWrite;
  /** Writes applications and their delivery rows in one transaction (see submissions.ts). */
  storeApplications: (items: readonly PendingApplication[]) => Promise<StoredApplication[]>;
  /** Runs write statements in ONE transaction on the write route: all or none (team actions). */
  writeTransaction: RunTransaction;
  /**
   * SQLite: writes the -wal back into the file and empties it (after an erase, so that no old
   * page image of the erased rows stays on disk); false while a reader holds an older snapshot.
   * Absent on PostgreSQL.
   */
  emptyWal?: () => Promise<boolean>;
  /** The SQLite writer thread, when writes go through it (better-auth's Kysely routes to it). */
  writer?: SqliteWriter;
  ping: () => Promise<void>;
  /** Closes the writer thread (after the writes in flight), then the connection or the pool. */
  close: () => Promise<void>;
}

/** Which database: plain values (the server passes its configuration, which has these names). */
export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise SQLite at `dataDir`/reelsmith.db. */
  DATABASE_URL?: string;
  dataDir: string;
  /** PostgreSQL: how long a query may go unanswered before it fails (default 5000). */
  DATABASE_QUERY_TIMEOUT_MS?: number;
  /** Confirmations granted per clock hour at most (see confirmation-budget.ts; default: no cap). */
  CONFIRMATIONS_PER_HOUR?: number;
}

const storeOptionsOf = (options: DatabaseOptions): StoreOptions => ({
  confirmationsPerHour: options.CONFIRMATIONS_PER_HOUR ?? Number.POSITIVE_INFINITY,
});

/** Opens SQLite at DATA_DIR/reelsmith.db, or PostgreSQL when DATABASE_URL is set. */
export function openDatabase(options: DatabaseOptions, logger?: Logger): DatabaseHandle {
  const store = storeOptionsOf(options);
  return options.DATABASE_URL
    ? openPostgres(
        options.DATABASE_URL,
        options.DATABASE_QUERY_TIMEOUT_MS ?? 5000,
        { ...store, postgres: true },
        logger,
      )
    : openSqlite(path.join(options.dataDir, "reelsmith.db"), store);
}

/** Writes on the handle's own connection. */
const directWrites = (db: Kysely<Database>, store: StoreOptions) => ({
  write: ((query) => query.execute()) as RunWrite,
  storeApplications: (items: readonly PendingApplication[]) =>
    storeApplications(db, items, Date.now(), store),
  writeTransaction: transactionOn(db),
});

function openSqlite(file: string, store: StoreOptions): DatabaseHandle {
  const sqlite = openSqliteConnection(file);
  const db = sqliteKysely(sqlite);
  return {
    db,
    dialect: "sqlite",
    sqlite,
    location: file,
    ...directWrites(db, store),
    emptyWal: async () => truncateWal(sqlite),
    ping: async () => {
      sqlite.prepare("select 1").get();
    },
    close: () => db.destroy(),
  };
}

/**
 * A connection that closes itself when a query times out. Its state is unknown then: the
 * statement may still arrive and run, and pg drops a ROLLBACK queued behind it unsent. Kept in
 * the pool, a BEGIN that arrived after the partition left the session inside a transaction
 * that the next statements joined and nobody committed: their writes unseen by other
 * connections, their row locks held (database.test.ts). Closed, the server rolls it back.
 */
class ClosedAfterTimeout extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; all pass through.
  override query(...args: any[]): any {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (error instanceof Error && error.message === "Query read timeout") {
        this.end().catch(() => {});
      }
      throw error;
    });
  }
}

function openPostgres(
  url: string,
  queryTimeoutMs: number,
  store: StoreOptions,
  logger?: Logger,
): DatabaseHandle {
  const pool = new pg.Pool({
    Client: ClosedAfterTimeout,
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    // A database that stops answering (a network partition: no error, no reply) would hold every
    // request and the group commit forever. A query that times out fails, and its connection
    // is closed (ClosedAfterTimeout), so the server rolls back whatever it was in.
    query_timeout: queryTimeoutMs,
    idleTimeoutMillis: 30_000,
    // Epoch milliseconds are stored as bigint (int8): read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === 20 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection losing its server (restart, failover) must not crash the process: pg emits
  // "error" on idle clients through the pool, and on checked-out clients on the client itself.
  const lost = (error: Error) => logger?.warn({ err: error.message }, "postgres connection lost");
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  const { hostname, port, pathname } = new URL(url);
  return {
    db,
    dialect: "postgres",
    pool,
    location: `postgres://${hostname}:${port || 5432}${pathname}`,
    ...directWrites(db, store),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * Opens the database and applies every pending migration. With `writerThread` on SQLite, every
 * write of the returned handle then goes through one writer thread, the process's one writing
 * connection (the server; the CLI and tests write on their own connection).
 */
export async function openMigratedDatabase(
  options: DatabaseOptions & { writerThread?: boolean },
  logger?: Logger,
): Promise<DatabaseHandle> {
  const handle = openDatabase(options, logger);
  try {
    const applied = await migrateToLatest(handle.db.withoutPlugins(), handle.dialect);
    if (applied.length) logger?.info({ applied, database: handle.location }, "migrations applied");
    // After the migrations: the thread prepares its statements on the tables as they are now.
    if (options.writerThread && handle.sqlite) {
      return await withWriterThread(handle, storeOptionsOf(options));
    }
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

async function withWriterThread(
  handle: DatabaseHandle,
  store: StoreOptions,
): Promise<DatabaseHandle> {
  const writer = startSqliteWriter(handle.location, store);
  await writer.ready;
  return {
    ...handle,
    write: writesThrough(writer),
    storeApplications: (items) => writer.write(items),
    writeTransaction: transactionThrough(writer),
    emptyWal: () => writer.checkpoint(),
    writer,
    close: async () => {
      await writer.close();
      await handle.close();
    },
  };
}
