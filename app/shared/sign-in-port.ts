import { portKey } from "./team-port.ts";

/**
 * What the sign-in pages (/team/sign-in, the link, sign-out) may ask of the server: their own
 * port (decision 0086), made by the server for each request (server/team/start-team.ts) and
 * reached by its key with `pagePort(context, signInPort)`. Types only, and the key.
 */
export interface SignInPort {
  /** Asks for a sign-in link: same answer for members and anyone else (no email to them). */
  requestLink(email: string, ip: string): Promise<{ ok: true } | RateLimited>;
  linkState(token: string): Promise<LinkState>;
  /** Uses a sign-in link's token: the session cookies, or why it did not work. */
  useLink(
    token: string,
  ): Promise<{ ok: true; cookies: string[] } | { ok: false; state: "expired" | "used" }>;
  signOut(headers: Headers): Promise<string[]>;
}

export const signInPort = portKey<SignInPort>("sign-in");

export type RateLimited = { ok: false; retryAfterSeconds: number };

export type LinkState = { state: "valid"; email: string } | { state: "expired" | "used" };
