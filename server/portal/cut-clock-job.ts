import type { BackgroundJob } from "../background/job.ts";
import { clockRows, turnNotice } from "../db/portal/request-clock.ts";
import { type ClockSettings, openTurns } from "./clock.ts";
import { type NoticeJobDeps, noticeJob } from "./notice-job.ts";

export const cutClockJobName = "cut-clock";
/** Requests read per run at most (oldest footage first). */
const perRun = 1000;

/**
 * The plan's clock's notices (decision 0093), on the one poller: for each open turn, once its
 * reminder time has come (running, within the lead) the reminder to the editor, and once it is
 * overdue the missed alert to the team. Each is made by one transaction that inserts its
 * turn_notices row (request + turn + kind: the primary key) and its delivery only where that row
 * is this delivery's: two instances, or a restart, make it once. A paused turn makes nothing.
 */
export function cutClockJob(
  deps: NoticeJobDeps & {
    /** The delivery kinds: the reminder's (none when the lead is 0) and the missed alert's. */
    kinds: { reminder: readonly string[]; missed: readonly string[] };
    settings: ClockSettings;
  },
): BackgroundJob {
  const { database, kinds, settings } = deps;
  return noticeJob(cutClockJobName, deps, async ({ now, newId }) => {
    if (kinds.reminder.length === 0 && kinds.missed.length === 0) return 0;
    const at = now();
    const rows = await clockRows(database, { openOnly: true, limit: perRun });
    let made = 0;
    for (const open of openTurns(rows, at, settings)) {
      if (!open.row.hasApplication) continue;
      const { clock } = open;
      const which =
        clock.state === "overdue"
          ? kinds.missed
          : clock.state === "running" && settings.reminderLeadMs > 0 && clock.dueSoon
            ? kinds.reminder
            : [];
      if (clock.state === "paused") continue;
      for (const kind of which) {
        const notice = {
          requestId: open.row.requestId,
          turn: open.turn,
          kind,
          deliveryId: newId(),
          dueAt: clock.dueAt,
          now: now(),
        };
        if (await turnNotice(database, notice)) made += 1;
      }
    }
    return made;
  });
}
