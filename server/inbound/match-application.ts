import { applicationOfMessageId } from "../mail/product-message-ids.ts";
import { routedApplication } from "../mail/reply-address.ts";

export interface MatchDeps {
  /** The secret of the reply addresses' tags (the setting `reply_tag_secret`). */
  replySecret: string;
  /** REPLY_DOMAIN: where reply addresses are. */
  replyDomain: string;
  /** The domain of the product's own Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
  /** Whether an application is there (an erased one matches nothing). */
  exists: (submissionId: string) => Promise<boolean>;
  /** The application a recorded Message-ID (ours or theirs) belongs to. */
  recorded: (messageIds: readonly string[]) => Promise<string | undefined>;
}

export type Match = { submissionId: string; by: "address" | "thread" } | { submissionId: null };

/**
 * Which application a message is a reply to. First a recipient that is a reply address with a
 * right tag (the envelope's, else To, Cc and Delivered-To); else a message it answers (its
 * In-Reply-To and References) recorded in a thread, or one the product sent on its own about
 * an application (the team's email, the confirmation). A forged tag, a stranger's Message-ID
 * or an application erased since: no match (the message is kept as unmatched).
 */
export async function matchApplication(
  message: { recipients: readonly string[]; replyingTo: readonly string[] },
  deps: MatchDeps,
): Promise<Match> {
  const tagged = new Set<string>();
  for (const address of message.recipients) {
    const id = routedApplication(deps.replySecret, address, deps.replyDomain);
    if (id) tagged.add(id);
  }
  for (const id of tagged) {
    if (await deps.exists(id)) return { submissionId: id, by: "address" };
  }
  if (message.replyingTo.length === 0) return { submissionId: null };
  const recorded = await deps.recorded(message.replyingTo);
  if (recorded && (await deps.exists(recorded))) return { submissionId: recorded, by: "thread" };
  for (const messageId of message.replyingTo) {
    const id = applicationOfMessageId(messageId, deps.messageIdDomain);
    if (id && (await deps.exists(id))) return { submissionId: id, by: "thread" };
  }
  return { submissionId: null };
}
