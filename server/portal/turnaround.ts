import { defaultPlan, planNamed } from "#app/content/plans.ts";
import { service } from "#app/content/service.ts";
import type { CutFigures } from "#app/shared/cuts-port.ts";

/**
 * The plan's clock of a cut (issue 39, decision 0090). A first cut is due the plan's turnaround
 * (app/content/plans.ts: Creator 7 days, Influencer 48 hours, Enterprise 24 hours) after the
 * client marks its footage complete; a revision the same turnaround after the client asks for
 * changes. The clock stops while the team waits on the client (pauses). Pure: the caller hands
 * in `now`, so the pages, the reminder jobs and the tests read the same figures.
 */

const hour = 3_600_000;

/** How long one of the plan's hours lasts (ms): an hour, or less in tests (PORTAL_TURNAROUND_MS_PER_HOUR). */
export const hourMsDefault = hour;

/** A span when the team waited on the client; `to` null: still waiting. */
export interface Pause {
  from: number;
  to: number | null;
}

/** One cut owed to a client: its clock's start, its pauses, and its delivery if done. */
export interface Turn {
  /** The client's plan by name (a plan no longer sold counts as the default plan). */
  plan: string;
  /** Footage marked complete (a first cut), or changes asked (a revision). */
  startedAt: number;
  /** When the cut went to the client; null: not yet. */
  deliveredAt: number | null;
  pauses: readonly Pause[];
}

export type TurnClock =
  /** Counting down; `dueSoon` once within the reminder lead (`remindAt` is when that starts). */
  | { state: "running"; dueAt: number; remainingMs: number; dueSoon: boolean; remindAt: number }
  /** Stopped: the team waits on the client since `pausedSince`; `remainingMs` is left. */
  | { state: "paused"; pausedSince: number; remainingMs: number }
  /** Not delivered, and the plan's turnaround has run out at `dueAt`. */
  | { state: "overdue"; dueAt: number; overdueMs: number }
  /**
   * Delivered after `activeMs` of the clock running (pauses left out): `onTime` by the plan's
   * turnaround, `withinClaim` by the landing page's 24–48 hours (service.deliveryClaimHours).
   */
  | { state: "delivered"; dueAt: number; activeMs: number; onTime: boolean; withinClaim: boolean };

export interface ClockOptions {
  now: number;
  /** How long before the due time a cut counts as due soon (the editor's reminder). */
  reminderLeadMs: number;
  /** How long one of the plan's hours lasts (default an hour; short in tests). */
  hourMs?: number;
}

/** The plan's turnaround in ms. */
export function turnaroundMs(plan: string): number {
  return turnaroundMsAt(plan, hour);
}

/** The plan's turnaround in ms when one of its hours lasts `hourMs` (short in tests). */
export function turnaroundMsAt(plan: string, hourMs: number): number {
  const named = planNamed(plan) ?? planNamed(defaultPlan);
  return (named?.contract.turnaroundHours ?? 0) * hourMs;
}

/** The landing page's "24–48 hour delivery", read by its upper bound, in ms. */
export const deliveryClaimMs = service.deliveryClaimHours * hour;

/**
 * The pauses within [from, until], open ones closed at `until`, sorted and overlapping ones
 * merged: what the clock leaves out.
 */
function pausesWithin(pauses: readonly Pause[], from: number, until: number) {
  const clipped = pauses
    .map((pause) => ({ from: Math.max(pause.from, from), to: Math.min(pause.to ?? until, until) }))
    .filter((pause) => pause.to > pause.from)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const pause of clipped) {
    const last = merged.at(-1);
    if (last && pause.from <= last.to) last.to = Math.max(last.to, pause.to);
    else merged.push({ ...pause });
  }
  return merged;
}

/** How long the clock ran between `from` and `until`: the span less the pauses in it. */
export function activeMs(from: number, until: number, pauses: readonly Pause[]): number {
  if (until <= from) return 0;
  const paused = pausesWithin(pauses, from, until).reduce((sum, p) => sum + p.to - p.from, 0);
  return until - from - paused;
}

/** When `budgetMs` of running clock is used up, given the pauses known up to `until`. */
function dueTime(from: number, budgetMs: number, pauses: readonly Pause[], until: number): number {
  let at = from;
  let left = budgetMs;
  for (const pause of pausesWithin(pauses, from, until)) {
    if (pause.from - at >= left) break;
    left -= pause.from - at;
    at = pause.to;
  }
  return at + left;
}

/** The clock of one cut at `now`. */
export function readTurn(
  turn: Turn,
  { now, reminderLeadMs, hourMs = hour }: ClockOptions,
): TurnClock {
  const budget = turnaroundMsAt(turn.plan, hourMs);
  const claimMs = service.deliveryClaimHours * hourMs;
  if (turn.deliveredAt !== null) {
    const used = activeMs(turn.startedAt, turn.deliveredAt, turn.pauses);
    return {
      state: "delivered",
      dueAt: dueTime(turn.startedAt, budget, turn.pauses, turn.deliveredAt),
      activeMs: used,
      onTime: used <= budget,
      withinClaim: used <= claimMs,
    };
  }
  const used = activeMs(turn.startedAt, now, turn.pauses);
  if (used >= budget) {
    const dueAt = dueTime(turn.startedAt, budget, turn.pauses, now);
    return { state: "overdue", dueAt, overdueMs: now - dueAt };
  }
  const remainingMs = budget - used;
  const waiting = pausesWithin(turn.pauses, turn.startedAt, now).at(-1);
  const open = turn.pauses.some((pause) => pause.to === null && pause.from <= now);
  if (open && waiting && waiting.to === now)
    return { state: "paused", pausedSince: waiting.from, remainingMs };
  const dueAt = now + remainingMs;
  return {
    state: "running",
    dueAt,
    remainingMs,
    dueSoon: remainingMs <= reminderLeadMs,
    remindAt: dueAt - reminderLeadMs,
  };
}

/** The turnaround figures of some cuts at `now` (the Response page's, the "Cuts due" view's). */
export function turnaroundFigures(
  turns: readonly Turn[],
  now: number,
  hourMs: number = hour,
): CutFigures {
  const claimMs = service.deliveryClaimHours * hourMs;
  const figures = { onTime: 0, late: 0, overdue: 0, notYetDue: 0 };
  const claim = { counted: 0, within: 0 };
  for (const turn of turns) {
    const clock = readTurn(turn, { now, reminderLeadMs: 0, hourMs });
    if (clock.state === "delivered") {
      figures[clock.onTime ? "onTime" : "late"] += 1;
      claim.counted += 1;
      if (clock.withinClaim) claim.within += 1;
    } else {
      figures[clock.state === "overdue" ? "overdue" : "notYetDue"] += 1;
      if (activeMs(turn.startedAt, now, turn.pauses) >= claimMs) claim.counted += 1;
    }
  }
  const counted = figures.onTime + figures.late + figures.overdue;
  return {
    counted,
    ...figures,
    onTimeRate: counted === 0 ? null : figures.onTime / counted,
    claim: {
      hours: service.deliveryClaimHours,
      ...claim,
      rate: claim.counted === 0 ? null : claim.within / claim.counted,
    },
  };
}
