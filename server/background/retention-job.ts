import type { DatabaseHandle } from "../db/database.ts";
import {
  purgeConfirmationCounts,
  purgeExpired,
  retentionCutoff,
} from "../db/submissions/retention.ts";
import type { Logger } from "../logger.ts";
import type { BackgroundJob } from "./job.ts";

/**
 * Retention, hourly (and at start; every instance runs it, the deletes do not mind):
 * applications older than RETENTION_DAYS with their deliveries and threads, the .eml outbox's
 * files of that age (`purgeFiles`: how many it deleted), nothing of those when RETENTION_DAYS
 * is 0; and the confirmation counts older than a day, always. The replies' files under
 * DATA_DIR/inbound are the inbound retention's job (inbound/retention-job.ts).
 */
export function retentionJob(deps: {
  database: DatabaseHandle;
  retentionDays: number;
  purgeFiles: (cutoff: number) => Promise<number>;
  logger: Logger;
}): BackgroundJob {
  const { database, retentionDays, logger } = deps;
  return {
    name: "retention",
    everyMs: 60 * 60 * 1000,
    async run() {
      const cutoff = retentionCutoff(retentionDays);
      const [purged, files] = await Promise.all([
        cutoff === null ? { submissions: 0, deliveries: 0 } : purgeExpired(database, cutoff),
        cutoff === null ? 0 : deps.purgeFiles(cutoff),
        purgeConfirmationCounts(database),
      ]);
      if (purged.submissions > 0 || files > 0) {
        logger.info({ ...purged, mailFiles: files, retentionDays }, "old applications purged");
      }
    },
  };
}
