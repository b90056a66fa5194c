import { Worker } from "node:worker_threads";
import type { PendingSubmission, StoredSubmission } from "./store.ts";

type Reply =
  | { ready: true }
  | { batch: number; results: StoredSubmission[] }
  | { batch: number; error: { name?: string; code?: string; message: string } };

interface Pending {
  resolve: (results: StoredSubmission[]) => void;
  reject: (error: Error) => void;
}

/**
 * Writes submission batches to SQLite from a worker thread. better-sqlite3 is synchronous: a
 * commit with synchronous=FULL waits for the disk, and on the main thread that wait would stop
 * every request. In the thread, the event loop keeps reading requests (which queue up for the
 * next batch) while the disk works. A thread that dies is replaced at the next write.
 */
export function startSqliteWriter(file: string) {
  const pending = new Map<number, Pending>();
  let nextBatch = 1;
  let thread: Promise<Worker> | undefined;

  function spawn(): Promise<Worker> {
    const worker = new Worker(new URL("./sqlite-writer-thread.ts", import.meta.url), {
      workerData: { file },
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
      const waiting = pending.get(reply.batch);
      pending.delete(reply.batch);
      if (!waiting) return;
      if ("results" in reply) waiting.resolve(reply.results);
      else waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    return new Promise((resolve, reject) => {
      worker.once("message", () => resolve(worker));
      worker.once("error", reject);
    });
  }

  thread = spawn();
  return {
    /** Resolves once the thread has opened the database (rejects if it cannot). */
    ready: thread.then(() => undefined),
    async write(items: readonly PendingSubmission[], now = Date.now()) {
      thread ??= spawn();
      const worker = await thread;
      const batch = nextBatch++;
      return new Promise<StoredSubmission[]>((resolve, reject) => {
        pending.set(batch, { resolve, reject });
        worker.postMessage({ type: "write", batch, items, now });
      });
    },
    /** Ends the thread (after the writes in flight: call once the committer has drained). */
    async close() {
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
