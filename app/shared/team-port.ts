/**
 * What the team's routes get from the server on their `context` (see app-context.ts): the
 * member signed in, and each page's own port by its key (decision 0086). A page's port is a
 * small file of its own beside this one (`inbox-port.ts`, `application-port.ts`,
 * `settings-port.ts`…): its interface, the types it answers with, and its key. The server
 * makes each for the request (server/team/start-team.ts); a route reaches its own with
 * `signedInMember(context, key)` or `pagePort(context, key)` (app/team/route-helpers.ts).
 * This file holds what every page shares. Types only, and `portKey`.
 */
export interface TeamPort {
  /** The member signed in for this request (the server checked the session), if any. */
  member?: TeamMember;
  /**
   * The port of the page of `key`, made for this request (bound to the member signed in);
   * undefined when the server has none for that page, or it needs a member and there is none.
   */
  port<Port>(key: PortKey<Port>): Port | undefined;
}

/** A page's port's key: its name, and (for the types only) what the port is. */
export interface PortKey<Port> {
  readonly page: string;
  /** Never set: carries the port's type from the page's file to the route and the server. */
  readonly port?: Port;
}

/** The key of a page's port (one per page, in the page's port file). */
export function portKey<Port>(page: string): PortKey<Port> {
  return { page };
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

/** What an action did (an application's or an unmatched message's), by the name of its message. */
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
