import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";

/**
 * The server's emptying of the SQLite -wal after an erase (the -wal holds old images of the
 * erased rows): `afterErase` tries once at once (the answer waits a few milliseconds); when a
 * reader holds an older snapshot, the job `empty-wal` tries again at each of its runs (every
 * second, on the one poller) until it is empty, and gives up `giveUpMs` after the last erase
 * (the server's last connection empties the -wal as it closes). Nothing to do on PostgreSQL.
 */
export function walAfterErase(
  handle: Pick<DatabaseHandle, "emptyWal">,
  logger: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  options: { everyMs?: number; giveUpMs?: number; now?: () => number } = {},
): { afterErase(): Promise<void>; job: BackgroundJob } {
  const { everyMs = 1000, giveUpMs = 120_000, now = Date.now } = options;
  /** When the last erase found the -wal held (undefined: nothing to empty). */
  let heldSince: number | undefined;
  const failed = (error: unknown) => {
    heldSince = undefined;
    logger.warn({ err: (error as Error).message }, "the -wal could not be emptied after an erase");
  };
  /** True when the -wal is empty, or could not be emptied for another reason (said once). */
  const attempt = async () => {
    try {
      return (await handle.emptyWal?.()) ?? true;
    } catch (error) {
      failed(error);
      return true;
    }
  };
  return {
    async afterErase() {
      if (await attempt()) return;
      if (heldSince === undefined) {
        logger.info({}, "a reader holds the -wal: it is emptied once the reader lets go");
      }
      heldSince = now();
    },
    job: {
      name: "empty-wal",
      everyMs,
      async run() {
        if (heldSince === undefined) return;
        if (await attempt()) {
          heldSince = undefined;
        } else if (now() - heldSince >= giveUpMs) {
          failed(new Error("a reader held it throughout"));
        }
      },
    },
  };
}
