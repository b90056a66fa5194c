import { createHash } from "node:crypto";

/**
 * How a sign-in link's token is stored: its SHA-256 (base64url). The database never holds a
 * token that works; the page behind the link looks its state up by the same hash.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
