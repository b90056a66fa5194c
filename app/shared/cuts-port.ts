import { portKey } from "./team-port.ts";

/**
 * What the team's "Cuts due" page (/team/cuts), the clients' list and the response page may ask
 * of the plan's clock (decision 0093): its own port, for a signed-in member only. Types only.
 */
export interface CutsPort {
  /** Every open turn, soonest due first, and the members an editor may be. */
  list(): Promise<CutsView>;
  /** Due (running or paused) and overdue cuts per client id. */
  dueCounts(): Promise<Record<string, { due: number; overdue: number }>>;
  /** The turnaround figures of every turn delivered or past due. */
  figures(): Promise<CutFigures>;
  /** A team action on a request: false when the request (or member) is none. */
  act(action: CutAction): Promise<boolean>;
}

export type CutAction =
  | { kind: "pause" | "resume" | "complete"; requestId: string; memberId: string }
  | { kind: "editor"; requestId: string; memberId: string; editorId: string | null };

export interface CutRow {
  requestId: string;
  clientId: string;
  clientName: string;
  title: string;
  /** 0: the first cut; n: the revision asked on version n. */
  turn: number;
  editor: { id: string; name: string } | null;
  state: "running" | "paused" | "overdue";
  /** When it is due (paused: if the clock started again now). */
  dueAt: number;
  /** Running or paused: left; overdue: past due (ms). */
  spanMs: number;
}

export interface CutsView {
  now: number;
  rows: CutRow[];
  members: { id: string; name: string }[];
}

export interface CutFigures {
  counted: number;
  onTime: number;
  late: number;
  overdue: number;
  notYetDue: number;
  onTimeRate: number | null;
  claim: { hours: number; counted: number; within: number; rate: number | null };
}

export const cutsPort = portKey<CutsPort>("cuts");
