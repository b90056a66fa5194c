import type { BackgroundJob } from "../background/job.ts";
import {
  commentBatch,
  commentBatchesDue,
  commentNoticesQueue,
} from "../db/portal/comment-notices.ts";
import { batchesMade, type NoticeJobDeps, noticeJob } from "./notice-job.ts";

/**
 * Each side hears of the other's new comments once, in batches (decision 0091), on the one
 * poller: each run queues the client's comments for each of `kinds.toTeam` (the email, each
 * chat channel) and the team's for `kinds.toClient`, then makes one delivery per client and kind whose first queued comment has
 * waited `windowMs`: ten comments in a sitting make one email, never ten.
 */
export function commentNoticeJob(
  deps: NoticeJobDeps & {
    kinds: { toTeam?: readonly string[]; toClient?: readonly string[] };
    windowMs: number;
  },
): BackgroundJob {
  const { database } = deps;
  const queues = [
    ...(deps.kinds.toTeam ?? []).map((kind) => ({ kind, side: "client" as const })),
    ...(deps.kinds.toClient ?? []).map((kind) => ({ kind, side: "team" as const })),
  ];
  return noticeJob("comment-notices", deps, (stamps) =>
    batchesMade(database, stamps, deps.windowMs, {
      kinds: queues,
      queue: ({ kind, side }, window) => commentNoticesQueue(database, kind, { side, ...window }),
      due: commentBatchesDue,
      batch: commentBatch,
    }),
  );
}
