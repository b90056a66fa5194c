import { createHmac } from "node:crypto";

/** HMAC-SHA256 of an IP address: lets us count and group by client without storing the IP. */
export function createIpHasher(secret: string): (ip: string) => string {
  return (ip) => createHmac("sha256", secret).update(ip).digest("hex");
}

/**
 * HMAC-SHA256 of an applicant's address, lower-cased: counts the confirmations sent to an
 * address without storing it (a key of its own, derived from the same secret).
 */
export function createRecipientHasher(secret: string): (email: string) => string {
  const key = createHmac("sha256", secret).update("confirmation-recipient").digest();
  return (email) => createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}

/**
 * A visitor of a day: HMAC-SHA256 of the client's address, User-Agent and the host asked for,
 * under that day's secret (Plausible's method), cut to 128 bits. The same person is one
 * visitor all day; once the secret is deleted, nobody can compute it again.
 */
export function visitorHash(daySecret: string, ip: string, userAgent: string, host: string) {
  return createHmac("sha256", daySecret)
    .update(`${ip}\n${userAgent}\n${host.toLowerCase()}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * A client address of a day, as counting caps its visitors: HMAC-SHA256 under the day's
 * secret (gone with it), cut to 128 bits. Kept in memory only.
 */
export function addressHash(daySecret: string, ip: string) {
  return createHmac("sha256", daySecret).update(`address\n${ip}`).digest("hex").slice(0, 32);
}

/**
 * What a page served to a visitor carries for its beacons: HMAC-SHA256 of the visitor under
 * the day's secret (no one without the secret makes one; it is worthless the next day).
 */
export function beaconTokenOf(daySecret: string, visitor: string) {
  return createHmac("sha256", daySecret).update(`beacon\n${visitor}`).digest("base64url");
}
