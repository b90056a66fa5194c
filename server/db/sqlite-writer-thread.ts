/**
 * The SQLite writer thread (see sqlite-writer.ts): the server's only writing connection to the
 * file. It runs the intake's batches (one transaction each, prepared statements) and the
 * delivery worker's single statements, one message at a time, so writes never wait for a lock
 * held by another connection of ours. Commits (and their fsync) happen here, off the event loop
 * that answers visitors.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Statement } from "better-sqlite3";
import { createSqliteStore } from "./applications/sqlite-store.ts";
import type { PendingApplication, StoreOptions } from "./applications/store.ts";
import { errorSummary } from "./errors.ts";
import { openSqliteConnection, sqliteKysely, truncateWal } from "./sqlite.ts";

export type WriterRequest =
  | { type: "batch"; id: number; items: PendingApplication[]; now: number }
  | { type: "statement"; id: number; sql: string; parameters: readonly unknown[] }
  | { type: "transaction"; id: number; statements: { sql: string; parameters: unknown[] }[] }
  | { type: "checkpoint"; id: number }
  | { type: "close" };

const { file, options } = workerData as { file: string; options: StoreOptions };
const sqlite = openSqliteConnection(file);
const writeBatch = createSqliteStore(sqliteKysely(sqlite), sqlite, options);
const statements = new Map<string, Statement>();

function runStatement(sql: string, parameters: readonly unknown[]) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    statements.set(sql, statement);
  }
  if (statement.reader) return { rows: statement.all(...parameters), changes: 0 };
  return { rows: [], changes: statement.run(...parameters).changes };
}

/** Several statements in one transaction (the team's actions): all or none. */
const runTransaction = sqlite.transaction((statements: { sql: string; parameters: unknown[] }[]) =>
  statements.map((statement) => runStatement(statement.sql, statement.parameters)),
);

parentPort?.on("message", async (request: WriterRequest) => {
  if (request.type === "close") {
    sqlite.close();
    parentPort?.close();
    return;
  }
  try {
    const result =
      request.type === "batch"
        ? await writeBatch(request.items, request.now)
        : request.type === "transaction"
          ? runTransaction(request.statements)
          : request.type === "checkpoint"
            ? truncateWal(sqlite)
            : runStatement(request.sql, request.parameters);
    parentPort?.postMessage({ id: request.id, result });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: errorSummary(error) });
  }
});
parentPort?.postMessage({ ready: true });
