import { randomUUID } from "node:crypto";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { noticeBatch, noticeBatchesDue, noticesQueue } from "../db/portal/upload-notices.ts";

/** Uploads finished longer ago than this are never told (a server that was down a day, a
 * chat channel configured later: no flood of old footage). */
export const noticeLookBackMs = 24 * 60 * 60 * 1000;
/** Uploads queued and batches made per run at most; the next run takes the rest. */
const perRun = 200;

export const footageNoticeJobName = "footage-notices";

/**
 * The owner told of finished footage (decision 0087), on the one poller: each run queues every
 * upload read by the job upload-media since the last (or, when this server reads nothing, every
 * finished one) for each notice kind configured, then makes one delivery per request and kind
 * whose first queued file has waited `windowMs`: a client sending ten files at once makes one
 * notice, not ten. Each step is one statement (or one transaction) the database makes happen
 * once: two instances running it queue a file once and put it in one delivery.
 */
export function footageNoticeJob(deps: {
  database: DatabaseHandle;
  /** The delivery kinds that tell (the delivery side names them: footage_notice_*). */
  kinds: readonly string[];
  /** Whether this server reads uploads (else files are told unread, at once). */
  readsMedia: () => Promise<boolean>;
  windowMs: number;
  everyMs: number;
  nudgeWorker: () => void;
  now?: () => number;
  newId?: () => string;
}): BackgroundJob {
  const { database, kinds } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomUUID;
  return {
    name: footageNoticeJobName,
    everyMs: deps.everyMs,
    async run() {
      if (kinds.length === 0) return;
      const readsMedia = await deps.readsMedia();
      for (const kind of kinds) {
        const at = now();
        await noticesQueue(database, kind, {
          now: at,
          since: at - noticeLookBackMs,
          readsMedia,
          limit: perRun,
        });
      }
      const due = await noticeBatchesDue(database, {
        now: now(),
        windowMs: deps.windowMs,
        limit: perRun,
      });
      let made = 0;
      for (const batch of due) {
        if (await noticeBatch(database, { ...batch, deliveryId: newId(), now: now() })) made += 1;
      }
      if (made > 0) deps.nudgeWorker();
    },
  };
}
