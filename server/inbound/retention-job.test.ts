import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { unmatchedCount } from "../db/messages.ts";
import { storeSubmissions } from "../db/submissions/store.ts";
import { inboundDirectory } from "../mail/inbound-files.ts";
import { migratedDatabase, storageBackends } from "../test/backends.ts";
import { pendingSubmission, storedInboundMessage } from "../test/stored.ts";
import { inboundRetentionJob } from "./retention-job.ts";

const day = 24 * 3600_000;
const now = Date.now();

describe.each(storageBackends())("inbound retention, a background job, on $name", (backend) => {
  it.skipIf(backend.skip)(
    "deletes unmatched messages older than RETENTION_DAYS with their files; keeps the rest",
    async () => {
      const { database, dataDir } = await migratedDatabase(backend);
      const application = pendingSubmission({ deliveries: [] });
      await storeSubmissions(database.db, [application]);
      const old = await storedInboundMessage(database, dataDir, null, {
        createdAt: now - 31 * day,
      });
      const recent = await storedInboundMessage(database, dataDir, null, {
        createdAt: now - 29 * day,
      });
      const theirs = await storedInboundMessage(database, dataDir, application.row.id, {
        createdAt: now - 31 * day,
      });
      const said: object[] = [];
      const job = (retentionDays: number) =>
        inboundRetentionJob({
          database,
          dataDir,
          retentionDays,
          logger: { info: (fields: object) => said.push(fields) },
          now: () => now + 2 * 3600_000, // the files are older than the sweep's grace
        });
      const files = async () => (await readdir(inboundDirectory(dataDir))).sort();
      const before = await files();

      await job(0).run(); // RETENTION_DAYS=0: kept for ever
      expect(await unmatchedCount(database.db)).toBe(2);
      expect(await files()).toEqual(before);

      await job(30).run();
      expect(await unmatchedCount(database.db)).toBe(1);
      const left = await files();
      expect(left.some((name) => name.startsWith(old.id))).toBe(false);
      for (const kept of [recent, theirs]) {
        expect(left.filter((name) => name.startsWith(kept.id))).toHaveLength(2);
      }
      expect(said).toEqual([{ unmatched: 1, messageFiles: 1, retentionDays: 30 }]);
    },
  );
});
