import type { ClockRow } from "../db/portal/request-clock.ts";
import { readTurn, type Turn, type TurnClock } from "./turnaround.ts";

/**
 * A request's turns (decision 0093), read from its rows: turn 0, the first cut, starts when the
 * footage was marked complete and is delivered when v1 is created; turn n, a revision, starts
 * when the client asked for changes on version n and is delivered when version n+1 is created.
 * An approved version owes nothing more. The team's pauses count in every turn they overlap.
 */
export interface RequestTurn {
  turn: number;
  clock: Turn;
}

export function turnsOf(row: Pick<ClockRow, "plan" | "footageCompleteAt" | "versions" | "pauses">) {
  const versionAt = new Map(row.versions.map((version) => [version.number, version.createdAt]));
  const turns: RequestTurn[] = [
    {
      turn: 0,
      clock: {
        plan: row.plan,
        startedAt: row.footageCompleteAt,
        deliveredAt: versionAt.get(1) ?? null,
        pauses: row.pauses,
      },
    },
  ];
  for (const version of row.versions) {
    if (version.decision !== "changes" || version.decidedAt === null) continue;
    turns.push({
      turn: version.number,
      clock: {
        plan: row.plan,
        startedAt: version.decidedAt,
        deliveredAt: versionAt.get(version.number + 1) ?? null,
        pauses: row.pauses,
      },
    });
  }
  return turns;
}

/** The request's open turn (not delivered yet), if any: the last one. */
export function openTurnOf(
  row: Pick<ClockRow, "plan" | "footageCompleteAt" | "versions" | "pauses">,
) {
  const last = turnsOf(row).at(-1);
  return last && last.clock.deliveredAt === null ? last : undefined;
}

/** The clock's settings: how long a plan's hour lasts, and the reminder's lead. */
export interface ClockSettings {
  hourMs: number;
  reminderLeadMs: number;
}

/** One open turn as the "Cuts due" view and the job read it. */
export interface OpenTurn {
  row: ClockRow;
  turn: number;
  clock: Exclude<TurnClock, { state: "delivered" }>;
}

export function openTurns(rows: readonly ClockRow[], now: number, settings: ClockSettings) {
  const open: OpenTurn[] = [];
  for (const row of rows) {
    const turn = openTurnOf(row);
    if (!turn) continue;
    const clock = readTurn(turn.clock, { now, ...settings });
    if (clock.state === "delivered") continue;
    open.push({ row, turn: turn.turn, clock });
  }
  return open;
}

/** When an open turn's clock runs out (paused: now + what is left, for sorting). */
export const dueOf = (turn: OpenTurn, now: number) =>
  turn.clock.state === "paused" ? now + turn.clock.remainingMs : turn.clock.dueAt;
