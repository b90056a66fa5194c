import { startPoller } from "../background/poller.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import type { Logger } from "../logger.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect" | "write">;

/** How often expired sign-in rows are deleted (and once at start). */
export const authCleanupIntervalMs = 15 * 60 * 1000;

/**
 * Deletes what better-auth leaves behind once it has expired: one-time rows never used
 * (sign-in link tokens, passkey challenges: team_verifications) and ended sessions. better-auth
 * deletes such a row only when someone comes back with it. Returns how many rows went.
 */
export async function purgeExpiredAuthRows(handle: Handle, now = Date.now()): Promise<number> {
  // better-auth's dates: timestamptz on PostgreSQL, ISO text (which sorts as time) on SQLite.
  const before = handle.dialect === "postgres" ? new Date(now) : new Date(now).toISOString();
  const verifications = await handle.write(
    handle.db.deleteFrom("teamVerifications").where("expiresAt", "<", before).returning("id"),
  );
  const sessions = await handle.write(
    handle.db.deleteFrom("teamSessions").where("expiresAt", "<", before).returning("id"),
  );
  return verifications.length + sessions.length;
}

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
