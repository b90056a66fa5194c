/**
 * The SQLite writer thread (see sqlite-writer.ts): its own connection to the file, the intake's
 * prepared statements, one transaction per batch. Commits (and their fsync) happen here, off
 * the event loop that answers visitors.
 */
import { parentPort, workerData } from "node:worker_threads";
import { errorSummary } from "../db/errors.ts";
import { openSqliteConnection, sqliteKysely } from "../db/sqlite.ts";
import { createSqliteStore } from "./sqlite-store.ts";
import type { PendingSubmission } from "./store.ts";

export type WriterRequest =
  | { type: "write"; batch: number; items: PendingSubmission[]; now: number }
  | { type: "close" };

const sqlite = openSqliteConnection((workerData as { file: string }).file);
const db = sqliteKysely(sqlite);
const write = createSqliteStore(db, sqlite);

parentPort?.on("message", async (request: WriterRequest) => {
  if (request.type === "close") {
    sqlite.close();
    parentPort?.close();
    return;
  }
  try {
    const results = await write(request.items, request.now);
    parentPort?.postMessage({ batch: request.batch, results });
  } catch (error) {
    parentPort?.postMessage({ batch: request.batch, error: errorSummary(error) });
  }
});
parentPort?.postMessage({ ready: true });
