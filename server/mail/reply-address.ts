import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The Reply-To of a reply sent from the inbox: `reply+<application id>.<tag>@REPLY_DOMAIN`. The
 * tag is an HMAC of the id with a secret of the instance's (kept in the database), so nobody
 * can write into another application's thread by guessing or changing the id.
 */
const tagLength = 16;

export function replyTag(secret: string, applicationId: string): string {
  return createHmac("sha256", secret)
    .update(`reply:${applicationId.toLowerCase()}`)
    .digest("base64url")
    .slice(0, tagLength)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0");
}

export function replyAddress(secret: string, applicationId: string, domain: string): string {
  return `reply+${applicationId.toLowerCase()}.${replyTag(secret, applicationId)}@${domain.toLowerCase()}`;
}

const pattern =
  /^reply\+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{16})@(.+)$/;

/**
 * The application an address routes to, when it is a reply address of `domain` whose tag is
 * right; undefined for any other address (a forged or altered tag included).
 */
export function routedApplication(
  secret: string,
  address: string,
  domain: string,
): string | undefined {
  const match = pattern.exec(address.trim().toLowerCase());
  if (!match || match[3] !== domain.toLowerCase()) return undefined;
  const [, id = "", tag = ""] = match;
  const expected = Buffer.from(replyTag(secret, id));
  const given = Buffer.from(tag);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** True when an address is of the reply domain (the SMTP listener accepts only those). */
export function isReplyDomain(address: string, domain: string): boolean {
  return address.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}
