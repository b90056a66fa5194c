import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when `given` is `token`; the comparison takes the same time whatever either holds. */
export function tokenMatches(given: string | undefined, token: string): boolean {
  const value = given ?? "";
  return timingSafeEqual(digest(value), digest(token)) && value.length > 0;
}

/** True when `header` is `Bearer <token>`; the comparison takes the same time whatever it holds. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  return tokenMatches(/^Bearer +(\S+) *$/i.exec(header ?? "")?.[1], token);
}
