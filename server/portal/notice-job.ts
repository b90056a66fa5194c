import { randomUUID } from "node:crypto";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";

/** What a job that makes deliveries takes; `now` and `newId` are set by tests. */
export interface NoticeJobDeps {
  database: DatabaseHandle;
  everyMs: number;
  nudgeWorker: () => void;
  now?: () => number;
  newId?: () => string;
}

/** The clock a run reads and the ids it gives the deliveries it makes. */
export interface Stamps {
  now: () => number;
  newId: () => string;
}

/** A job on the one poller whose run makes deliveries (`made`: how many), nudging the worker. */
export function noticeJob(
  name: string,
  deps: NoticeJobDeps,
  made: (stamps: Stamps) => Promise<number>,
): BackgroundJob {
  const stamps = { now: deps.now ?? Date.now, newId: deps.newId ?? randomUUID };
  return {
    name,
    everyMs: deps.everyMs,
    async run() {
      if ((await made(stamps)) > 0) deps.nudgeWorker();
    },
  };
}

/** Items older than this are never told (a server down a day, a chat channel configured later:
 * no flood of old ones). */
export const noticeLookBackMs = 24 * 60 * 60 * 1000;
/** Items queued and batches made per run at most; the next run takes the rest. */
const perRun = 200;

/**
 * One run of a batched notice: queues each kind's new items (`queue`), then makes one delivery
 * per batch whose first queued item has waited `windowMs` (`due`, `batch`): ten at once make
 * one notice, never ten. Each step is one statement or one transaction the database makes
 * happen once, on any number of instances. Resolves to the deliveries it made.
 */
export async function batchesMade<Kind, Batch>(
  database: DatabaseHandle,
  { now, newId }: Stamps,
  windowMs: number,
  steps: {
    kinds: readonly Kind[];
    queue: (kind: Kind, window: { now: number; since: number; limit: number }) => Promise<unknown>;
    due: (
      database: DatabaseHandle,
      options: { now: number; windowMs: number; limit: number },
    ) => Promise<readonly Batch[]>;
    batch: (
      database: DatabaseHandle,
      batch: Batch & { deliveryId: string; now: number },
    ) => Promise<boolean>;
  },
): Promise<number> {
  for (const kind of steps.kinds) {
    const at = now();
    await steps.queue(kind, { now: at, since: at - noticeLookBackMs, limit: perRun });
  }
  const due = await steps.due(database, { now: now(), windowMs, limit: perRun });
  let made = 0;
  for (const batch of due) {
    if (await steps.batch(database, { ...batch, deliveryId: newId(), now: now() })) made += 1;
  }
  return made;
}
