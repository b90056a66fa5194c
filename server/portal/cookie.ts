import type { Config } from "../config.ts";

/**
 * The portal's session cookie: its own name (never the team's), HttpOnly, SameSite=Lax, Path=/
 * (React Router asks for /portal.data too); behind HTTPS `__Host-` prefixed and Secure.
 */
export function sessionCookieName(config: Pick<Config, "https">): string {
  return config.https ? "__Host-portal_session" : "portal_session";
}

export function sessionCookie(config: Pick<Config, "https">, token: string, maxAgeSeconds: number) {
  const parts = [
    `${sessionCookieName(config)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(maxAgeSeconds)}`,
  ];
  if (config.https) parts.push("Secure");
  return parts.join("; ");
}

/** The session token a request's Cookie header carries, if any (at most 200 characters). */
export function sessionTokenOf(
  config: Pick<Config, "https">,
  headers: Headers,
): string | undefined {
  const name = sessionCookieName(config);
  for (const pair of (headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) {
      const value = pair.slice(at + 1).trim();
      return value && value.length <= 200 ? value : undefined;
    }
  }
  return undefined;
}
