import type { InboxQuery } from "./inbox-query.ts";
import { portKey } from "./team-port.ts";

/**
 * What the inbox (/team) and its export (/team/export) may ask of the server, bound to the
 * member signed in ("Mine"): their own port (decision 0086), made by the server for each request
 * (server/team/start-team.ts) and reached with `signedInMember(context, inboxPort)`. Types only,
 * and the key.
 */
export interface InboxPort {
  inbox(query: InboxQuery): Promise<InboxPage>;
  /** The applications of a filter as a streamed CSV or JSON file. */
  export(query: InboxQuery, format: "csv" | "json"): ReadableStream<Uint8Array>;
}

export const inboxPort = portKey<InboxPort>("inbox");

export interface InboxRow {
  id: string;
  createdAt: number;
  name: string;
  selectedPlan: string;
  primaryPlatform: string;
  audienceSize: string;
  status: string;
  isSpam: boolean;
  dueAt: number | null;
  firstResponseAt: number | null;
  ownerName: string | null;
  /** The owner's id (a Take from the inbox says whom it saw, as the page's does). */
  ownerId: string | null;
  /** A reply came back that nobody has answered or read yet. */
  newReply: boolean;
}

export interface InboxPage {
  rows: InboxRow[];
  /** Unanswered genuine applications past their due time (the banner). */
  overdue: number;
  /** How many each view holds (its tab): Needs reply, Mine, Unassigned, Overdue. */
  views: Record<"needs" | "mine" | "unassigned" | "overdue", number>;
  /** The cursor of the next (older) page, when there is one. */
  next?: string;
  /** Applications with a delivery that failed for good (the banner). */
  failedApplications: number;
  /** The sources applications came from (the Source filter's choices). */
  sources: string[];
}
