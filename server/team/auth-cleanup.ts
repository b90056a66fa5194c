import { startPoller } from "../background/poller.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { purgeExpiredAuthRows } from "../db/members.ts";
import type { Logger } from "../logger.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect" | "write">;

/** How often expired sign-in rows are deleted (and once at start). */
export const authCleanupIntervalMs = 15 * 60 * 1000;

/** Runs purgeExpiredAuthRows at start and every `intervalMs` (the worker's poller), until stopped. */
export function startAuthCleanup(
  handle: Handle,
  logger: Logger,
  intervalMs = authCleanupIntervalMs,
): { stop: () => Promise<void> } {
  const stopping = new AbortController();
  const poller = startPoller(
    () =>
      purgeExpiredAuthRows(handle).then(
        (deleted) => {
          if (deleted > 0) logger.info({ deleted }, "expired sign-in rows deleted");
        },
        (error) => logger.warn({ err: errorSummary(error) }, "sign-in cleanup failed"),
      ),
    { intervalMs, signal: stopping.signal },
  );
  return {
    stop: async () => {
      stopping.abort();
      await poller.idle();
    },
  };
}
