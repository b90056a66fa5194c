import { provenMessageId } from "../mail/product-message-ids.ts";
import { routedApplication } from "../mail/reply-address.ts";

export interface MatchDeps {
  /** The secret of the reply addresses' tags and of our Message-IDs' (`reply_tag_secret`). */
  replySecret: string;
  /** REPLY_DOMAIN: where reply addresses are. */
  replyDomain: string;
  /** The domain of the product's own Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
  /** The applicant's address of an application; undefined when it is not there (erased). */
  applicant: (applicationId: string) => Promise<string | undefined>;
  /** The application a reply we sent from the inbox (by its row id) belongs to. */
  sentMessage: (rowId: string) => Promise<string | undefined>;
}

export type Match =
  | {
      applicationId: string;
      /** The proof: a routed reply address, or a tagged Message-ID of ours it answers. */
      by: "address" | "thread";
      /** Whether it came from the applicant's address (else a member confirms it). */
      sender: "applicant" | "other";
    }
  | { applicationId: null };

/** Applications named by proof looked at, at most (each costs a lookup). */
const maxCandidates = 10;

/** An address as compared: trimmed, lower case (as the applicant's is compared at intake). */
const normalized = (address: string) => address.trim().toLowerCase();

/**
 * Which application a message is a reply to, by proof only (decision 0063): a recipient that
 * is a reply address with a right tag (the envelope's, else To, Cc and Delivered-To), else a
 * Message-ID of ours it answers (In-Reply-To, References) whose tag is right (the team's email,
 * the confirmation, a reply from the inbox). A bare application id, an untagged or forged
 * Message-ID, a stranger's, or an application erased since: no match (kept as unmatched).
 * Then the sender: its From address against the applicant's, case-insensitively; proof from
 * another address matches but says so (`sender: "other"`), for a member to confirm.
 */
export async function matchApplication(
  message: { recipients: readonly string[]; replyingTo: readonly string[]; from: string },
  deps: MatchDeps,
): Promise<Match> {
  const candidates: { id: string; by: "address" | "thread" }[] = [];
  const add = (id: string | undefined, by: "address" | "thread") => {
    if (id && !candidates.some((candidate) => candidate.id === id)) candidates.push({ id, by });
  };
  for (const address of message.recipients) {
    add(routedApplication(deps.replySecret, address, deps.replyDomain), "address");
  }
  for (const messageId of message.replyingTo) {
    if (candidates.length >= maxCandidates) break;
    const ours = provenMessageId(deps.replySecret, messageId, deps.messageIdDomain);
    if (!ours) continue;
    add(ours.kind === "reply" ? await deps.sentMessage(ours.id) : ours.id, "thread");
  }
  const sender = normalized(message.from);
  let found: Extract<Match, { applicationId: string }> | undefined;
  for (const candidate of candidates.slice(0, maxCandidates)) {
    const applicant = await deps.applicant(candidate.id);
    if (applicant === undefined) continue;
    if (sender !== "" && normalized(applicant) === sender) {
      return { applicationId: candidate.id, by: candidate.by, sender: "applicant" };
    }
    found ??= { applicationId: candidate.id, by: candidate.by, sender: "other" };
  }
  return found ?? { applicationId: null };
}
