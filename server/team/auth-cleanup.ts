import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { purgeExpiredAuthRows } from "../db/members.ts";
import type { Logger } from "../logger.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect" | "write">;

/** How often expired sign-in rows are deleted (and once at start). */
export const authCleanupIntervalMs = 15 * 60 * 1000;

/** Deletes expired sign-in rows (purgeExpiredAuthRows), at start and every `everyMs`. */
export function authCleanupJob(
  handle: Handle,
  logger: Logger,
  everyMs = authCleanupIntervalMs,
): BackgroundJob {
  return {
    name: "auth-cleanup",
    everyMs,
    async run() {
      const deleted = await purgeExpiredAuthRows(handle);
      if (deleted > 0) logger.info({ deleted }, "expired sign-in rows deleted");
    },
  };
}
