import type { ApplicationSource } from "./application-source.ts";
import type { ApplicationStatus, InboxQuery } from "./inbox-query.ts";
import type { InsightRange, InsightsReport } from "./insights.ts";
import type { SettingsPort } from "./settings-port.ts";

/**
 * What the team's routes may ask of the server (handed over on the route's `context`, see
 * app-context.ts). Types only: the server implements it (server/team/), the routes call it.
 */
export interface TeamPort {
  /** The member signed in for this request (the server checked the session), if any. */
  member?: TeamMember;
  /** /team/settings, bound to the member signed in (absent without one). */
  settings?: SettingsPort;
  /** Asks for a sign-in link: same answer for members and anyone else (no email to them). */
  requestLink(email: string, ip: string): Promise<{ ok: true } | RateLimited>;
  linkState(token: string): Promise<LinkState>;
  /** Uses a sign-in link's token: the session cookies, or why it did not work. */
  useLink(
    token: string,
  ): Promise<{ ok: true; cookies: string[] } | { ok: false; state: "expired" | "used" }>;
  signOut(headers: Headers): Promise<string[]>;
  inbox(query: InboxQuery): Promise<InboxPage>;
  /**
   * The application after `after` (an inbox cursor: where the one just worked on stood) in the
   * inbox's order under `query`, never `exclude`: "Send and next". Undefined at the end.
   */
  nextInView(query: InboxQuery, after: string, exclude: string): Promise<string | undefined>;
  /** An application's page: its thread's newest messages, or those before `thread.before`. */
  application(id: string, thread?: { before?: string }): Promise<ApplicationView | undefined>;
  act(member: TeamMember, id: string, action: TeamAction): Promise<ActionOutcome>;
  /** The applications of a filter as a streamed CSV or JSON file. */
  export(query: InboxQuery, format: "csv" | "json"): ReadableStream<Uint8Array>;
  /** The signed-in member goes away (no new applications in turn) or comes back. */
  setAway(away: boolean): Promise<void>;
  /** The promise's figures: the Response page. */
  response(): Promise<ResponseReport>;
  /** Visits, sources and the funnel of the last `days` days: the Insights page. */
  insights(days: InsightRange): Promise<InsightsReport>;
  /** The Insights page's daily table as CSV. */
  insightsCsv(days: InsightRange): Promise<string>;
  /** Replies that matched no application (the Unmatched list), a page, newest first. */
  unmatched(page?: { before?: string }): Promise<UnmatchedPage>;
  /** One unmatched message as the list shows it (the one a member works on); none once it is not. */
  unmatchedMessage(id: string): Promise<ThreadMessage | undefined>;
  /**
   * The applications a member names by typing the applicant's name or email (part of either),
   * newest first, a few at most: the Unmatched page's choices to attach a message to.
   */
  applicationsNamed(text: string): Promise<ApplicationChoice[]>;
  /** A message that came in, whole, as it arrived (its .eml, members only). */
  rawMessage(id: string): Promise<{ body: Uint8Array } | undefined>;
  /** Attaches an unmatched message to an application, or deletes it (audit line either way). */
  actOnUnmatched(
    member: TeamMember,
    messageId: string,
    action: { type: "attach"; applicationId: string } | { type: "delete" },
  ): Promise<ActionOutcome>;
  /** An attachment of a reply, to download (members only); undefined when there is none. */
  attachment(
    id: string,
  ): Promise<{ filename: string; contentType: string; body: Uint8Array } | undefined>;
}

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  /** Away: skipped by the round robin of new applications. */
  away?: boolean;
  /** Replies that matched no application (the top bar's Unmatched count). */
  unmatched?: number;
  /** May manage the team's members (/team/settings). */
  isAdmin?: boolean;
  /** The IANA time zone the team's pages show times in (their setting; UTC by default). */
  timeZone?: string;
  /** Ends their replies' templates (their setting; empty: name and brand). */
  signature?: string;
}

/**
 * One message of an application's thread: a reply of ours (sent from the inbox, by an outbox
 * delivery: its state), one of theirs (with its SPF/DKIM/DMARC results and attachments), or an
 * email the product sent on its own (the team notification, the applicant's confirmation).
 */
export interface ThreadMessage {
  id: string;
  direction: "out" | "in";
  /** `reply`: a member's; `received`: the applicant's; `system`: a notification or confirmation. */
  source: "reply" | "received" | "system";
  createdAt: number;
  from: string;
  to: string;
  subject: string;
  /** The text shown: quoted history folded away (theirs), as sent (ours). Never HTML. */
  visible: string;
  /** The whole text, when the shown one left part out (the folded quote). */
  full?: string;
  memberEmail?: string | null;
  /** Ours: pending (sending), done (sent), failed, skipped. */
  deliveryStatus?: string;
  /** Theirs: "pass", "fail", "none"… per check. */
  auth?: { spf?: string; dkim?: string; dmarc?: string };
  /**
   * Theirs, kept but not a new reply: from another address than the applicant's (`sender`,
   * until a member confirms it), written by a machine (`automatic`), from our own (`ours`).
   */
  flag?: "sender" | "automatic" | "ours";
  attachments: { id: string; filename: string; contentType: string; size: number }[];
  /** Attachments it has beyond those listed (a page lists a bounded number). */
  moreAttachments?: number;
  /** Its text was cut to what a page shows: the whole is in its raw message. */
  cut?: boolean;
  /** Theirs, kept whole as it arrived: downloadable as .eml. */
  raw?: boolean;
}

/** An application offered to attach an unmatched message to: who, and when it came. */
export interface ApplicationChoice {
  id: string;
  name: string;
  email: string;
  receivedAt: number;
  plan: string;
  spam: boolean;
}

/** A page of the Unmatched list: its messages, how many there are in all, the next page. */
export interface UnmatchedPage {
  messages: ThreadMessage[];
  /** Every unmatched message (the top bar and the inbox count the same). */
  total: number;
  /** The cursor of the next (older) page, when there is one. */
  next?: string;
  /** Whether this is a later page (a link back to the newest). */
  later: boolean;
}

/** How the promise was kept over a window of days (applications received in it). */
export interface ResponseFigures {
  applications: number;
  /** Those due or answered: the promise was kept or broken (the rate's denominator). */
  due: number;
  answered: number;
  answeredInTime: number;
  /** Null when nothing was answered. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface ResponseReport {
  now: number;
  promiseHours: number;
  overdueNow: number;
  windows: { days: number; all: ResponseFigures }[];
  /** Per owner (null: unassigned), over the longest window. */
  members: { name: string; email: string | null; figures: ResponseFigures; overdue: number }[];
  /** One bar per day of the longest window, oldest first (UTC days). */
  daily: { day: number; applications: number; answeredInTime: number; late: number }[];
}

export type RateLimited = { ok: false; retryAfterSeconds: number };

export type LinkState = { state: "valid"; email: string } | { state: "expired" | "used" };

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

/** What an action did, by the name of its message (site.team.application.done). */
export type ActionDone =
  | "status"
  | "note"
  | "spam"
  | "notSpam"
  | "retry"
  | "nothingToRetry"
  | "assign"
  | "take"
  | "reply"
  /** The same draft again: nothing more was sent. */
  | "alreadySent"
  | "read"
  | "confirmSender"
  | "toUnmatched"
  | "erase"
  /** An unmatched message given to an application (site.team.unmatched.done). */
  | "attachReply"
  /** An unmatched message deleted (site.team.unmatched.done). */
  | "deleteUnmatched";

export type ActionOutcome =
  | { ok: true; done: ActionDone; message: string }
  /** conflict: someone changed it first (the owner), nothing was changed. */
  | { ok: false; error: "not_found" | "invalid" | "conflict"; message: string }
  /** A reply refused: a message came or went in its thread since the page was loaded. */
  | { ok: false; error: "stale"; message: string };
