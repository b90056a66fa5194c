import type { Locker } from "@tus/server";
import { portalUploads } from "#app/content/portal-uploads.ts";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { unfinishedBefore } from "../db/portal/client-upload-checks.ts";
import type { UploadRow } from "../db/portal/client-uploads.ts";
import { locksPurge } from "../db/portal/upload-locks.ts";
import type { Logger } from "../logger.ts";

const hourMs = 60 * 60 * 1000;

/** Whether an upload was left unfinished for longer than `expiryHours` since its creation. */
export function uploadExpired(
  upload: Pick<UploadRow, "createdAt" | "completedAt">,
  now: number,
  expiryHours: number,
): boolean {
  return upload.completedAt === null && now - upload.createdAt > Math.round(expiryHours * hourMs);
}

/** What tus answers for an expired upload (410 Gone: the client starts it again). */
export const expiredRefusal = { status_code: 410, body: `${portalUploads.expired}\n` };

/** Uploads removed per run at most (the next run, or a nudge, takes the rest). */
const perRun = 500;

/**
 * The job `portal-upload-expiry` (on the one poller, every 15 minutes and at start; every
 * instance runs it): removes the uploads left unfinished for longer than
 * PORTAL_UPLOAD_EXPIRY_HOURS after their creation, their bytes, tus records and rows, so their
 * quota is free again. Each is removed under its tus lock (a PATCH still running on it, on any
 * instance, is asked to stop first; one busy past the lock's timeout is left for the next run).
 * Locks left by stopped instances (their leases ended over an hour ago) are deleted too.
 */
export function uploadExpiryJob(deps: {
  database: Pick<DatabaseHandle, "db" | "write">;
  locker: Locker;
  discard: (id: string) => Promise<void>;
  expiryHours: number;
  now: () => number;
  logger: Logger;
}): BackgroundJob {
  const { database, logger } = deps;
  return {
    name: "portal-upload-expiry",
    everyMs: 15 * 60 * 1000,
    async run() {
      // Whole milliseconds: PostgreSQL compares the bigint column with a whole number only.
      const cutoff = deps.now() - Math.round(deps.expiryHours * hourMs);
      const ids = await unfinishedBefore(database, cutoff, perRun);
      let removed = 0;
      for (const id of ids) {
        const lock = deps.locker.newLock(id);
        const ok = await lock
          .lock(new AbortController().signal, async () => {})
          .then(
            () => true,
            () => false,
          );
        if (!ok) continue;
        try {
          await deps.discard(id);
          removed++;
        } finally {
          await lock.unlock();
        }
      }
      await locksPurge(database, deps.now() - hourMs);
      if (removed > 0) {
        logger.info(
          { removed, expiryHours: deps.expiryHours },
          "expired unfinished uploads removed",
        );
      }
    },
  };
}
