import { setTimeout as sleep } from "node:timers/promises";
import type { DatabaseHandle } from "./database.ts";

/**
 * Empties the SQLite -wal (DatabaseHandle.emptyWal) after an erase, trying again every
 * `intervalMs` while a reader holds an older snapshot, `attempts` times at most (or until
 * `signal` aborts). True once it is empty, and at once on PostgreSQL (no -wal).
 */
export async function emptyWalWithin(
  handle: Pick<DatabaseHandle, "emptyWal">,
  options: { attempts: number; intervalMs: number; signal?: AbortSignal },
): Promise<boolean> {
  if (!handle.emptyWal) return true;
  for (let attempt = 1; ; attempt++) {
    if (await handle.emptyWal()) return true;
    if (attempt >= options.attempts || options.signal?.aborted) return false;
    try {
      await sleep(options.intervalMs, undefined, { signal: options.signal });
    } catch {
      return false; // aborted: the server is stopping (its last connection empties the -wal)
    }
  }
}

/**
 * The server's side of it: `afterErase` tries once at once (the answer waits a few
 * milliseconds) and, when a reader holds the -wal, again every second for two minutes in the
 * background; `stop` ends the retries (the server's last connection empties the -wal as it
 * closes).
 */
export function walEmptier(
  handle: Pick<DatabaseHandle, "emptyWal">,
  logger: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  retry = { attempts: 120, intervalMs: 1000 },
) {
  const stopping = new AbortController();
  const retries = new Set<Promise<void>>();
  const failed = (error: unknown) =>
    logger.warn({ err: (error as Error).message }, "the -wal could not be emptied after an erase");
  return {
    async afterErase(): Promise<void> {
      if (await emptyWalWithin(handle, { attempts: 1, intervalMs: 0 }).catch(failed)) return;
      logger.info({}, "a reader holds the -wal: it is emptied once the reader lets go");
      const job = emptyWalWithin(handle, { ...retry, signal: stopping.signal })
        .then((done) => {
          if (!done && !stopping.signal.aborted) failed(new Error("a reader held it throughout"));
        }, failed)
        .finally(() => retries.delete(job));
      retries.add(job);
    },
    async stop(): Promise<void> {
      stopping.abort();
      await Promise.allSettled([...retries]);
    },
  };
}
