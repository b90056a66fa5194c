import type { Logger } from "pino";
import type { DatabaseHandle } from "../database.ts";
import { errorSummary } from "../errors.ts";

const day = 24 * 60 * 60 * 1000;
/** How often the server purges (and once at start). */
export const purgeIntervalMs = 60 * 60 * 1000;

/** The time before which applications are purged, or null when they are kept forever. */
export function retentionCutoff(retentionDays: number, now = Date.now()): number | null {
  return retentionDays === 0 ? null : now - retentionDays * day;
}

/**
 * Deletes the submissions received before `cutoff` and their deliveries, `batch` at a time
 * (short statements: the server keeps taking applications meanwhile). Returns what it deleted.
 */
export async function purgeExpired(
  handle: DatabaseHandle,
  cutoff: number,
  batch = 500,
): Promise<{ submissions: number; deliveries: number }> {
  const purged = { submissions: 0, deliveries: 0 };
  for (;;) {
    const rows = await handle.db
      .selectFrom("submissions")
      .select("id")
      .where("createdAt", "<", cutoff)
      .orderBy("createdAt")
      .limit(batch)
      .execute();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return purged;
    const deliveries = await handle.write(
      handle.db.deleteFrom("deliveries").where("submissionId", "in", ids).returning("id"),
    );
    const submissions = await handle.write(
      handle.db.deleteFrom("submissions").where("id", "in", ids).returning("id"),
    );
    purged.deliveries += deliveries.length;
    purged.submissions += submissions.length;
    if (ids.length < batch) return purged;
  }
}

/**
/**
 * Forgets the confirmation counts once they no longer count: recipients granted more than 24
 * hours ago, and the hour counters of earlier days. Returns how many rows it deleted.
 */
export async function purgeConfirmationCounts(
  handle: DatabaseHandle,
  now = Date.now(),
): Promise<number> {
  const recipients = await handle.write(
    handle.db
      .deleteFrom("confirmationRecipients")
      .where("sentAt", "<=", now - day)
      .returning("recipientHash"),
  );
  const hours = await handle.write(
    handle.db
      .deleteFrom("confirmationHours")
      .where("hour", "<", Math.floor((now - day) / (60 * 60 * 1000)))
      .returning("hour"),
  );
  return recipients.length + hours.length;
}

/**
 * Purges applications older than `retentionDays` (RETENTION_DAYS) at start and then every hour
 * (every instance does; the deletes do not mind), with the .eml files of that age
 * (`purgeMailFiles`: how many it deleted), nothing of those when `retentionDays` is 0; and the
 * confirmation counts older than a day, always.
 */
export function startRetention(deps: {
  database: DatabaseHandle;
  retentionDays: number;
  purgeMailFiles: (cutoff: number) => Promise<number>;
  logger: Logger;
}): { stop: () => Promise<void> } {
  const { database, retentionDays, logger } = deps;
  let running: Promise<void> | undefined;
  const purge = () => {
    const cutoff = retentionCutoff(retentionDays);
    if (running) return;
    running = Promise.all([
      cutoff === null ? { submissions: 0, deliveries: 0 } : purgeExpired(database, cutoff),
      cutoff === null ? 0 : deps.purgeMailFiles(cutoff),
      purgeConfirmationCounts(database),
    ])
      .then(([purged, mailFiles]) => {
        if (purged.submissions > 0 || mailFiles > 0) {
          logger.info({ ...purged, mailFiles, retentionDays }, "old applications purged");
        }
      })
      .catch((error) => logger.warn({ err: errorSummary(error) }, "retention purge failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(purge, purgeIntervalMs);
  timer.unref();
  purge();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
