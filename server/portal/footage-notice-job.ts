import type { BackgroundJob } from "../background/job.ts";
import { noticeBatch, noticeBatchesDue, noticesQueue } from "../db/portal/upload-notices.ts";
import { batchesMade, type NoticeJobDeps, noticeJob } from "./notice-job.ts";

export const footageNoticeJobName = "footage-notices";

/**
 * The owner told of finished footage (decision 0087), on the one poller: each run queues every
 * upload read by the job upload-media since the last (or, when this server reads nothing, every
 * finished one) for each notice kind configured, then makes one delivery per request and kind
 * whose first queued file has waited `windowMs`: a client sending ten files at once makes one
 * notice, not ten. Two instances running it queue a file once and put it in one delivery.
 */
export function footageNoticeJob(
  deps: NoticeJobDeps & {
    /** The delivery kinds that tell (the delivery side names them: footage_notice_*). */
    kinds: readonly string[];
    /** Whether this server reads uploads (else files are told unread, at once). */
    readsMedia: () => Promise<boolean>;
    windowMs: number;
  },
): BackgroundJob {
  const { database, kinds } = deps;
  return noticeJob(footageNoticeJobName, deps, async (stamps) => {
    if (kinds.length === 0) return 0;
    const readsMedia = await deps.readsMedia();
    return batchesMade(database, stamps, deps.windowMs, {
      kinds,
      queue: (kind, window) => noticesQueue(database, kind, { ...window, readsMedia }),
      due: noticeBatchesDue,
      batch: noticeBatch,
    });
  });
}
