import { type ActionOutcome, portKey, type TeamMember, type ThreadMessage } from "./team-port.ts";

/**
 * What the Unmatched page (/team/unmatched) may ask of the server: its own port (decision
 * 0086), made by the server for each request (server/team/start-team.ts) and reached with
 * `signedInMember(context, unmatchedPort)`. Types only, and the key.
 */
export interface UnmatchedPort {
  /** Replies that matched no application (the Unmatched list), a page, newest first. */
  unmatched(page?: { before?: string }): Promise<UnmatchedPage>;
  /** One unmatched message as the list shows it (the one a member works on); none once it is not. */
  unmatchedMessage(id: string): Promise<ThreadMessage | undefined>;
  /**
   * The applications a member names by typing the applicant's name or email (part of either),
   * newest first, a few at most: the page's choices to attach a message to.
   */
  applicationsNamed(text: string): Promise<ApplicationChoice[]>;
  /** Attaches an unmatched message to an application, or deletes it (audit line either way). */
  actOnUnmatched(
    member: TeamMember,
    messageId: string,
    action: { type: "attach"; applicationId: string } | { type: "delete" },
  ): Promise<ActionOutcome>;
}

export const unmatchedPort = portKey<UnmatchedPort>("unmatched");

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
