import type { ApplicationSource } from "./application-source.ts";
import type { ApplicationStatus, InboxQuery } from "./inbox-query.ts";
import { type ActionOutcome, portKey, type TeamMember, type ThreadMessage } from "./team-port.ts";

/**
 * What an application's page (/team/applications/:id) may ask of the server: its own port
 * (decision 0086), made by the server for each request (server/team/start-team.ts) and reached
 * with `signedInMember(context, applicationPort)`. Types only, and the key.
 */
export interface ApplicationPort {
  /** An application's page: its thread's newest messages, or those before `thread.before`. */
  application(id: string, thread?: { before?: string }): Promise<ApplicationView | undefined>;
  act(member: TeamMember, id: string, action: TeamAction): Promise<ActionOutcome>;
  /**
   * The application after `after` (an inbox cursor: where the one just worked on stood) in the
   * inbox's order under `query`, never `exclude`: "Send and next". Undefined at the end.
   */
  nextInView(query: InboxQuery, after: string, exclude: string): Promise<string | undefined>;
}

export const applicationPort = portKey<ApplicationPort>("application");

export interface ApplicationView {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  /** The plan applied for (the saved replies are the plan's). */
  plan: string;
  status: ApplicationStatus;
  isSpam: boolean;
  dueAt: number | null;
  firstResponseAt: number | null;
  ownerId: string | null;
  /** Every member, for the Owner select (away ones marked). */
  members: { id: string; name: string; email: string; away: boolean }[];
  /** A reply came back that nobody has answered or read yet. */
  newReply: boolean;
  /** The page of its thread shown: at most `threadPageSize` messages, oldest first. */
  thread: ThreadMessage[];
  /** How many messages its thread holds in all (ours and theirs). */
  threadCount: number;
  /** The cursor of the earlier messages, when the page does not reach the first. */
  threadEarlier?: string;
  /** Whether this page is of earlier messages (a link back to the newest). */
  threadLater: boolean;
  /** Where it came from: the visit counted before it; null when none was found. */
  source: ApplicationSource | null;
  /** The newest message of its thread (`<ms>_<id>`, "" for none): what a reply has seen. */
  latestMessage: string;
  /** Every answer, labelled as on the questionnaire. */
  answers: { label: string; value: string }[];
  deliveries: {
    id: string;
    kind: string;
    status: string;
    attempts: number;
    createdAt: number;
    updatedAt: number;
    nextAttemptAt: number;
    lastError: string | null;
    /** Why its last attempt failed, as a class (server/delivery/error-class.ts). */
    errorClass: string | null;
    skipReason: string | null;
  }[];
  notes: { id: string; authorEmail: string; body: string; createdAt: number }[];
  audit: { id: string; memberEmail: string; action: string; detail: string; createdAt: number }[];
}

export type TeamAction =
  | { type: "status"; status: ApplicationStatus }
  | { type: "note"; body: string }
  | { type: "spam" }
  | { type: "not-spam" }
  | { type: "retry" }
  /**
   * Gives it to a member ("" : to nobody). `seen`: the owner the member saw ("": nobody); the
   * change is made only while it is still them (compare and set). Absent: whoever has it.
   */
  | { type: "assign"; ownerId: string; seen?: string }
  /** The signed-in member takes it (`seen` as for assign). */
  | { type: "take"; seen?: string }
  /**
   * A reply to the applicant, from the team's address with the member's name. `key`: the
   * draft's idempotency key; the same key again sends nothing (absent: every call sends).
   */
  | {
      type: "reply";
      subject: string;
      body: string;
      key?: string;
      /**
       * The newest message the page showed (`<ms>_<id>` of its thread, "" for none): a message
       * sent or received after it refuses the reply (`stale`), nothing sent. Absent: not checked.
       */
      seen?: string;
    }
  /** The new reply was read: no longer "New reply". */
  | { type: "read" }
  /** A reply from another address is the applicant's after all: a new reply. */
  | { type: "confirm-sender"; messageId: string }
  /** A reply from another address is not theirs: out of the thread, into Unmatched. */
  | { type: "unmatch"; messageId: string }
  | { type: "erase" };
