import path from "node:path";
import type SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { migrateToLatest } from "./migrations.ts";
import type { Database } from "./schema.ts";
import { openSqliteConnection, sqliteKysely } from "./sqlite.ts";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL pool (shared with the rate limiter); absent on SQLite. */
  pool?: pg.Pool;
  /** The SQLite connection under Kysely; absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database. */
  location: string;
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

type DatabaseConfig = Pick<Config, "DATABASE_URL" | "dataDir"> &
  Partial<Pick<Config, "DATABASE_QUERY_TIMEOUT_MS">>;

/** Opens SQLite at DATA_DIR/reelsmith.db, or PostgreSQL when DATABASE_URL is set. */
export function openDatabase(config: DatabaseConfig, logger?: Logger): DatabaseHandle {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_QUERY_TIMEOUT_MS ?? 5000, logger)
    : openSqlite(path.join(config.dataDir, "reelsmith.db"));
}

function openSqlite(file: string): DatabaseHandle {
  const sqlite = openSqliteConnection(file);
  const db = sqliteKysely(sqlite);
  return {
    db,
    dialect: "sqlite",
    sqlite,
    location: file,
    ping: async () => {
      sqlite.prepare("select 1").get();
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, queryTimeoutMs: number, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    // A database that stops answering (a network partition: no error, no reply) would hold every
    // request and the group commit forever. A query that times out fails; in a transaction
    // Kysely's ROLLBACK then times out too and the connection is discarded, so the server
    // rolls the transaction back when it sees the connection go.
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
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Opens the database and applies every pending migration. */
export async function openMigratedDatabase(
  config: DatabaseConfig,
  logger?: Logger,
): Promise<DatabaseHandle> {
  const handle = openDatabase(config, logger);
  try {
    const applied = await migrateToLatest(handle.db.withoutPlugins(), handle.dialect);
    if (applied.length) logger?.info({ applied, database: handle.location }, "migrations applied");
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}
