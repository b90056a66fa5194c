import { randomUUID } from "node:crypto";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  commentBatch,
  commentBatchesDue,
  commentNoticesQueue,
} from "../db/portal/comment-notices.ts";

/** Comments older than this are never told (a server down a day: no flood of old ones). */
const lookBackMs = 24 * 60 * 60 * 1000;
const perRun = 200;

/**
 * Each side hears of the other's new comments once, in batches (decision 0091), on the one
 * poller: each run queues the client's comments for `kinds.toTeam` and the team's for
 * `kinds.toClient`, then makes one delivery per client and kind whose first queued comment has
 * waited `windowMs`: ten comments in a sitting make one email, never ten. Each step is one
 * statement or one transaction the database makes happen once, on any number of instances.
 */
export function commentNoticeJob(deps: {
  database: DatabaseHandle;
  kinds: { toTeam?: string; toClient?: string };
  windowMs: number;
  everyMs: number;
  nudgeWorker: () => void;
  now?: () => number;
  newId?: () => string;
}): BackgroundJob {
  const { database } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomUUID;
  const queues = [
    { kind: deps.kinds.toTeam, side: "client" as const },
    { kind: deps.kinds.toClient, side: "team" as const },
  ];
  return {
    name: "comment-notices",
    everyMs: deps.everyMs,
    async run() {
      for (const { kind, side } of queues) {
        if (!kind) continue;
        const at = now();
        await commentNoticesQueue(database, kind, {
          side,
          now: at,
          since: at - lookBackMs,
          limit: perRun,
        });
      }
      const due = await commentBatchesDue(database, {
        now: now(),
        windowMs: deps.windowMs,
        limit: perRun,
      });
      let made = 0;
      for (const batch of due) {
        if (await commentBatch(database, { ...batch, deliveryId: newId(), now: now() })) made += 1;
      }
      if (made > 0) deps.nudgeWorker();
    },
  };
}
