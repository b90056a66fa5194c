import type { ThreadMessage } from "~/shared/team-port";

/** What their message's checks say of its sender, in one word the page turns into words. */
export type SenderVerdict = "verified" | "failed" | "unverified";

/**
 * Verified only when DMARC passed and so did a DKIM signature: DKIM is the one check made on
 * the message itself (it survives forwarding; over HTTP SPF and DMARC are the provider's word),
 * and DMARC ties a passing check to the From domain. "DKIM none" is never verified, even when
 * DMARC passed on SPF alone. Any "fail" says a check failed. Decision 0073.
 */
export function senderVerdict(auth: ThreadMessage["auth"]): SenderVerdict {
  const results = [auth?.spf, auth?.dkim, auth?.dmarc];
  if (results.includes("fail")) return "failed";
  return auth?.dmarc === "pass" && auth.dkim === "pass" ? "verified" : "unverified";
}
