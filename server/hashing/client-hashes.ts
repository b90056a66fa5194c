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
