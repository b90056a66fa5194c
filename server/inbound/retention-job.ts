import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { storedMessageIds, unmatchedPurge } from "../db/received-messages.ts";
import { retentionCutoff } from "../db/submissions/retention.ts";
import type { Logger } from "../logger.ts";
import { sweepInboundFiles } from "../mail/inbound-files.ts";

/** A message being stored has its files for this long before its row: never swept. */
const graceMs = 60 * 60 * 1000;

/**
 * Retention of the messages that came in, hourly (and at start), as the applications':
 * the unmatched ones received more than RETENTION_DAYS ago are deleted, then the files of
 * every message without a row any more (its application purged or erased, deleted from the
 * Unmatched page, or a write that failed). Nothing with RETENTION_DAYS=0.
 */
export function inboundRetentionJob(deps: {
  database: Pick<DatabaseHandle, "db" | "write">;
  dataDir: string;
  retentionDays: number;
  logger: Pick<Logger, "info">;
  now?: () => number;
}): BackgroundJob {
  const { database, dataDir, retentionDays, logger } = deps;
  const now = deps.now ?? Date.now;
  return {
    name: "inbound-retention",
    everyMs: 60 * 60 * 1000,
    async run() {
      const at = now();
      const cutoff = retentionCutoff(retentionDays, at);
      if (cutoff === null) return;
      const purged = await database.write(unmatchedPurge(database.db, cutoff));
      const swept = await sweepInboundFiles(dataDir, (ids) => storedMessageIds(database.db, ids), {
        graceMs,
        now: at,
      });
      if (purged.length > 0 || swept > 0) {
        logger.info(
          { unmatched: purged.length, messageFiles: swept, retentionDays },
          "old inbound messages purged",
        );
      }
    },
  };
}
