import type {
  CutAction,
  CutFigures,
  CutOutcome,
  CutRow,
  CutsPort,
  CutsView,
} from "#app/shared/cuts-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { memberChoices } from "../db/members.ts";
import { requestOfClient } from "../db/portal/client-requests.ts";
import {
  clientOfRequest,
  clockRows,
  editorChange,
  footageComplete,
  pauseClose,
  pauseOpen,
} from "../db/portal/request-clock.ts";
import { type ClockSettings, dueOf, openTurns, turnsOf } from "./clock.ts";
import { turnaroundFigures } from "./turnaround.ts";

/** Requests read per page at most (every request with footage complete, oldest first). */
const readLimit = 5000;

/** The "Cuts due" view (decision 0093): every open turn, soonest due first. */
export async function cutsView(
  database: DatabaseHandle,
  now: number,
  settings: ClockSettings,
): Promise<CutsView> {
  const [rows, members] = await Promise.all([
    clockRows(database, { openOnly: true, limit: readLimit }),
    memberChoices(database),
  ]);
  const open = openTurns(rows, now, settings).sort((a, b) => dueOf(a, now) - dueOf(b, now));
  return {
    now,
    rows: open.map(
      ({ row, turn, clock }): CutRow => ({
        requestId: row.requestId,
        clientId: row.clientId,
        clientName: row.clientName,
        title: row.title,
        turn,
        editor: row.editor && { id: row.editor.id, name: row.editor.name },
        state: clock.state,
        dueAt: clock.state === "paused" ? now + clock.remainingMs : clock.dueAt,
        spanMs: clock.state === "overdue" ? clock.overdueMs : clock.remainingMs,
      }),
    ),
    members: members.map((member) => ({ id: member.id, name: member.name })),
  };
}

/** Per client: its open cuts not yet due (running or paused), and its overdue ones. */
export async function dueCounts(database: DatabaseHandle, now: number, settings: ClockSettings) {
  const counts: Record<string, { due: number; overdue: number }> = {};
  for (const { row, clock } of openTurns(
    await clockRows(database, { openOnly: true, limit: readLimit }),
    now,
    settings,
  )) {
    const entry = counts[row.clientId] ?? { due: 0, overdue: 0 };
    counts[row.clientId] = entry;
    entry[clock.state === "overdue" ? "overdue" : "due"] += 1;
  }
  return counts;
}

/** The turnaround figures of every turn (turnaround.ts keeps the denominators honest). */
export async function cutFigures(
  database: DatabaseHandle,
  now: number,
  settings: ClockSettings,
): Promise<CutFigures> {
  const rows = await clockRows(database, { limit: readLimit });
  const turns = rows.flatMap((row) => turnsOf(row).map((turn) => turn.clock));
  return turnaroundFigures(turns, now, settings.hourMs);
}

/** A team action on a request's clock, and how it went. */
export async function cutAction(
  database: DatabaseHandle,
  action: CutAction,
  now: number,
): Promise<CutOutcome> {
  const request = await clientOfRequest(database, action.requestId);
  if (!request) return "none";
  const { clientId } = request;
  const outcome = (done: boolean): CutOutcome => (done ? "done" : "none");
  switch (action.kind) {
    case "pause":
      return outcome(
        await pauseOpen(database, {
          requestId: action.requestId,
          clientId,
          now,
          by: action.memberId,
        }),
      );
    case "resume":
      return outcome(await pauseClose(database, { requestId: action.requestId, now }));
    case "complete": {
      // Once: pressed again, it keeps its first time and says it is done.
      const marked = await footageComplete(database, {
        clientId,
        requestId: action.requestId,
        now,
      });
      if (!marked) return "none";
      return marked.cutCameFirst ? "cut-came-first" : "done";
    }
    case "editor":
      return outcome(
        await editorChange(database, { requestId: action.requestId, memberId: action.editorId }),
      );
  }
}

/** The team's port of the plan's clock. */
export function createCuts(deps: {
  database: DatabaseHandle;
  settings: ClockSettings;
  now: () => number;
}): CutsPort {
  const { database, settings, now } = deps;
  return {
    list: () => cutsView(database, now(), settings),
    dueCounts: () => dueCounts(database, now(), settings),
    figures: () => cutFigures(database, now(), settings),
    act: (action) => cutAction(database, action, now()),
  };
}

/** The client's view of a request's clock: marked complete when, and the open cut's due time. */
export interface ClientClock {
  footageCompleteAt: number | null;
  /** The open cut's due time (running or overdue); null: none open, or paused. */
  dueAt: number | null;
}

export async function clientClock(
  database: DatabaseHandle,
  clientId: string,
  requestId: string,
  now: number,
  settings: ClockSettings,
): Promise<ClientClock | undefined> {
  const [row] = await clockRows(database, { clientId, requestId, limit: 1 });
  if (!row) {
    const mine = await requestOfClient(database, clientId, requestId);
    return mine && { footageCompleteAt: null, dueAt: null };
  }
  const [open] = openTurns([row], now, settings);
  return {
    footageCompleteAt: row.footageCompleteAt,
    dueAt: open && open.clock.state !== "paused" ? open.clock.dueAt : null,
  };
}
