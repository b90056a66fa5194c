import type SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from "kysely";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { SqliteWriter } from "../db/sqlite-writer.ts";

/**
 * The Kysely instance better-auth works through. PostgreSQL: the server's own (its pool, its
 * CamelCasePlugin). SQLite: reads on the server's connection, every other statement through
 * the writer thread, the server's one writing connection (docs/decisions/0032): better-auth's
 * few writes (a link token, a session) then queue behind the intake's batches instead of
 * waiting for the file's lock on the thread that answers visitors. better-auth runs without
 * transactions there; its one-time tokens are consumed by a single DELETE … RETURNING.
 */
export function authKysely(
  database: Pick<DatabaseHandle, "db" | "sqlite" | "writer">,
): Kysely<Database> {
  if (!database.sqlite || !database.writer) return database.db;
  return new Kysely<Database>({
    dialect: new WriterRoutedSqliteDialect(database.sqlite, database.writer),
    plugins: [new CamelCasePlugin()],
  });
}

class WriterRoutedSqliteDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  readonly #writer: SqliteWriter;
  constructor(sqlite: SQLite.Database, writer: SqliteWriter) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
    this.#writer = writer;
  }
  override createDriver(): Driver {
    const connection = new RoutedConnection(this.#sqlite, this.#writer);
    const noTransactions = async () => {
      throw new Error("transactions are not available on this connection");
    };
    return {
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: noTransactions,
      commitTransaction: noTransactions,
      rollbackTransaction: noTransactions,
      releaseConnection: async () => {},
      // The connection belongs to the server's database handle, which closes it.
      destroy: async () => {},
    };
  }
}

class RoutedConnection implements DatabaseConnection {
  readonly #sqlite: SQLite.Database;
  readonly #writer: SqliteWriter;
  constructor(sqlite: SQLite.Database, writer: SqliteWriter) {
    this.#sqlite = sqlite;
    this.#writer = writer;
  }
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (SelectQueryNode.is(compiled.query)) {
      const rows = this.#sqlite.prepare(compiled.sql).all(...compiled.parameters) as R[];
      return { rows };
    }
    const { rows, changes } = await this.#writer.run(compiled);
    return { rows: rows as R[], numAffectedRows: BigInt(changes) };
  }
  // biome-ignore lint/correctness/useYield: streaming is not offered here
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not available on this connection");
  }
}
