import type { Config } from "../config.ts";
import { purgeMailFiles } from "../delivery/mail-files.ts";
import type { Logger } from "../logger.ts";
import type { DatabaseHandle } from "./database.ts";
import { type RunWrite, runWrite } from "./deliveries.ts";
import { errorSummary } from "./errors.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect"> & { write?: RunWrite };

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
  handle: Handle,
  cutoff: number,
  batch = 500,
): Promise<{ submissions: number; deliveries: number }> {
  const write = runWrite(handle);
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
    const deliveries = await write(
      handle.db.deleteFrom("deliveries").where("submissionId", "in", ids).returning("id"),
    );
    const submissions = await write(
      handle.db.deleteFrom("submissions").where("id", "in", ids).returning("id"),
    );
    purged.deliveries += deliveries.length;
    purged.submissions += submissions.length;
    if (ids.length < batch) return purged;
  }
}

/**
 * Forgets the confirmation counts once they no longer count: recipients granted more than 24
 * hours ago, and the hour counters of earlier days. Returns how many rows it deleted.
 */
export async function purgeConfirmationCounts(handle: Handle, now = Date.now()): Promise<number> {
  const write = runWrite(handle);
  const recipients = await write(
    handle.db
      .deleteFrom("confirmationRecipients")
      .where("sentAt", "<=", now - day)
      .returning("recipientHash"),
  );
  const hours = await write(
    handle.db
      .deleteFrom("confirmationHours")
      .where("hour", "<", Math.floor((now - day) / (60 * 60 * 1000)))
      .returning("hour"),
  );
  return recipients.length + hours.length;
}

/**
 * Purges applications older than RETENTION_DAYS at start and then every hour (every instance
 * does; the deletes do not mind), with the .eml files of that age (nothing with
 * RETENTION_DAYS=0), and the confirmation counts older than a day (always).
 */
export function startRetention(deps: {
  database: Handle;
  config: Pick<Config, "RETENTION_DAYS" | "dataDir">;
  logger: Logger;
}): { stop: () => Promise<void> } {
  const { database, config, logger } = deps;
  let running: Promise<void> | undefined;
  const purge = () => {
    const cutoff = retentionCutoff(config.RETENTION_DAYS);
    if (running) return;
    running = Promise.all([
      cutoff === null ? { submissions: 0, deliveries: 0 } : purgeExpired(database, cutoff),
      cutoff === null ? 0 : purgeMailFiles(config.dataDir, cutoff),
      purgeConfirmationCounts(database),
    ])
      .then(([purged, mailFiles]) => {
        if (purged.submissions > 0 || mailFiles > 0) {
          logger.info(
            { ...purged, mailFiles, retentionDays: config.RETENTION_DAYS },
            "old applications purged",
          );
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
