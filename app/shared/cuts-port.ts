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
  /** A team action on a request, and how it went. */
  act(action: CutAction): Promise<CutOutcome>;
}

/**
 * "done"; "none": no such request (or member); "cut-came-first": footage marked complete on a
 * request whose first cut was sent already (nothing starts).
 */
export type CutOutcome = "done" | "none" | "cut-came-first";

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

/** The turnaround figures of some cuts: on time, late, overdue, and the landing page's claim. */
export interface CutFigures {
  /**
   * The denominator: cuts delivered, and cuts not delivered whose turnaround has run out.
   * A cut still within its turnaround is neither on time nor late yet, and is left out.
   */
  counted: number;
  onTime: number;
  /** Delivered after the plan's turnaround. */
  late: number;
  /** Not delivered, past the plan's turnaround. */
  overdue: number;
  /** Running or paused: shown beside the rate, not in it. */
  notYetDue: number;
  /** onTime / counted; null when nothing is counted yet (never a 100 % of nothing). */
  onTimeRate: number | null;
  /**
   * The landing page's reading, on the same cuts: delivered within deliveryClaimHours of
   * running clock, over the cuts delivered and those not delivered past that many hours.
   */
  claim: { hours: number; counted: number; within: number; rate: number | null };
}

export const cutsPort = portKey<CutsPort>("cuts");
