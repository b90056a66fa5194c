import { setTimeout as sleep } from "node:timers/promises";
import type { DatabaseHandle } from "./database.ts";

/**
 * Empties the SQLite -wal (DatabaseHandle.emptyWal) after an erase, trying again every
 * `intervalMs` while a reader holds an older snapshot, `attempts` times at most (or until
 * `signal` aborts). True once it is empty, and at once on PostgreSQL (no -wal). The CLI's erase
 * waits on it in the foreground; the server's retries are a background job
 * (erasure/wal-after-erase.ts).
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
