import { Worker } from "node:worker_threads";
import { CamelCasePlugin, type CompiledQuery } from "kysely";
import type { PendingApplication, StoredApplication, StoreOptions } from "./applications/store.ts";
import type { RunWrite } from "./write-query.ts";

type Reply =
  | { ready: true }
  | { id: number; result: unknown }
  | { id: number; error: { name?: string; code?: string; message: string } };

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export interface SqliteWriter {
  /** Resolves once the thread has opened the database (rejects if it cannot). */
  ready: Promise<void>;
  /** Writes a batch of applications and their deliveries in one transaction. */
  write(items: readonly PendingApplication[], now?: number): Promise<StoredApplication[]>;
  /** Runs one statement (rows as SQLite returns them: snake_case columns). */
  run(query: CompiledQuery): Promise<{ rows: Record<string, unknown>[]; changes: number }>;
  /** Runs statements in one transaction: all of them or none. */
  transaction(
    queries: readonly CompiledQuery[],
  ): Promise<{ rows: Record<string, unknown>[]; changes: number }[]>;
  /** Empties the -wal into the file (see truncateWal); false while a reader holds it. */
  checkpoint(): Promise<boolean>;
  /** Ends the thread, after the writes in flight (call once nothing new can arrive). */
  close(): Promise<void>;
}

/**
 * The server's SQLite writes, from a worker thread. better-sqlite3 is synchronous: a commit
 * with synchronous=FULL waits for the disk, and a write waits for another connection's lock;
 * on the main thread either wait would stop every request. In the thread, the event loop keeps
 * reading requests (which queue up for the next batch) while the disk works, and one writing
 * connection means our own writes never wait for each other. A thread that dies is replaced
 * at the next write.
 */
export function startSqliteWriter(file: string, options: StoreOptions): SqliteWriter {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let thread: Promise<Worker> | undefined;
  let closed = false;

  function spawn(): Promise<Worker> {
    const worker = new Worker(new URL("./sqlite-writer-thread.ts", import.meta.url), {
      workerData: { file, options },
    });
    const failAll = (error: Error) => {
      thread = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`SQLite writer thread exited (${code})`)));
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) return;
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if ("result" in reply) waiting.resolve(reply.result);
      else waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    return new Promise((resolve, reject) => {
      worker.once("message", () => resolve(worker));
      worker.once("error", reject);
    });
  }

  async function request<T>(message: Record<string, unknown>): Promise<T> {
    if (closed) throw new Error("SQLite writer is closed");
    thread ??= spawn();
    const worker = await thread;
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  thread = spawn();
  return {
    ready: thread.then(() => undefined),
    write: (items, now = Date.now()) => request({ type: "batch", items, now }),
    run: (query) => request({ type: "statement", sql: query.sql, parameters: query.parameters }),
    transaction: (queries) =>
      request({
        type: "transaction",
        statements: queries.map((query) => ({ sql: query.sql, parameters: query.parameters })),
      }),
    checkpoint: () => request({ type: "checkpoint" }),
    async close() {
      closed = true;
      const current = thread;
      thread = undefined;
      if (!current) return;
      const worker = await current.catch(() => undefined);
      if (!worker) return;
      worker.removeAllListeners("exit");
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage({ type: "close" });
      await exited;
    },
  };
}

/** Runs Kysely write statements through the writer thread, rows back in camelCase. */
export function writesThrough(writer: SqliteWriter): RunWrite {
  const camelCase = new CamelCasePlugin();
  return async <O>(query: { compile(): CompiledQuery<O> }) => {
    const compiled = query.compile();
    const { rows } = await writer.run(compiled);
    const result = await camelCase.transformResult({ queryId: compiled.queryId, result: { rows } });
    return result.rows as O[];
  };
}
