import type { BackgroundJob } from "../background/job.ts";
import { postNotice, postNoticesDue } from "../db/portal/post-notices.ts";
import { type NoticeJobDeps, noticeJob } from "./notice-job.ts";

/** Posts told per run at most; the next run takes the rest. */
const perRun = 200;

/**
 * The client told by email when a post waits for their approval (decision 0100), on the one
 * poller: each run makes one delivery of `kind` per post whose current revision waits, can be
 * approved (the video is), is still to come, and has not changed for `windowMs`; once per
 * revision, on any number of instances. A change after the client was told tells again.
 */
export function postNoticeJob(
  deps: NoticeJobDeps & { kind: string | undefined; windowMs: number },
): BackgroundJob {
  const { database, kind, windowMs } = deps;
  return noticeJob("post-notices", deps, async ({ now, newId }) => {
    if (!kind) return 0;
    const due = await postNoticesDue(database, { now: now(), windowMs, limit: perRun });
    let made = 0;
    for (const post of due) {
      if (await postNotice(database, { ...post, kind, deliveryId: newId(), now: now() })) {
        made += 1;
      }
    }
    return made;
  });
}
