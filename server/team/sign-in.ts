import type { TeamMember } from "#app/shared/team-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { settingsOf } from "../db/member-settings.ts";
import { findMember, isAway, normaliseEmail, verificationOf } from "../db/members.ts";
import { unmatchedCount } from "../db/messages.ts";
import type { Logger } from "../logger.ts";
import type { TeamAuth } from "./auth.ts";
import type { createLinkLimits, LimitDecision } from "./link-limits.ts";
import { hashToken } from "./link-token.ts";

export type LinkState = { state: "valid"; email: string } | { state: "expired" | "used" };

/** Set-Cookie lines of a better-auth answer, to pass on to the browser. */
const cookiesOf = (headers: Headers | undefined) => headers?.getSetCookie() ?? [];

/**
 * Sign-in: a member asks for a link (emailed, one use, 15 minutes), opens it, and presses
 * "Sign in", whose POST alone uses the token. Anyone else gets the same answer and no email.
 */
export function createSignIn(deps: {
  auth: TeamAuth;
  database: Pick<DatabaseHandle, "db" | "dialect">;
  limits: ReturnType<typeof createLinkLimits>;
  logger: Logger;
}) {
  const { auth, database, logger } = deps;
  /** Links being looked up, made and sent after their answer, awaited on stop. */
  const sending = new Set<Promise<void>>();

  async function sendLinkTo(email: string) {
    try {
      await auth.api.signInMagicLink({ body: { email }, headers: new Headers() });
    } catch (error) {
      logger.error({ err: errorSummary(error) }, "sign-in link not sent");
    }
  }

  /** Who is a member, and their link: worked out once the answer has gone (see requestLink). */
  async function linkFor(address: string) {
    try {
      const member = await findMember(database, address);
      if (member) await sendLinkTo(member.email);
    } catch (error) {
      logger.error({ err: errorSummary(error) }, "sign-in link not sent");
    }
  }

  return {
    /**
     * Counts the request against its limits and answers: the same answer, after the same work,
     * for members and anyone else. Whether the address is a member's, and their link, are
     * worked out by a job that `afterAnswer` starts once the answer has gone (the server: when
     * the response is sent; by default, on the next turn of the event loop), so that the time
     * of the answer says nothing about who is a member.
     */
    async requestLink(
      email: string,
      ip: string,
      afterAnswer: (job: () => void) => void = setImmediate,
    ): Promise<LimitDecision> {
      const address = normaliseEmail(email);
      const decision = await deps.limits.consume(address, ip);
      if (!decision.ok) return decision;
      const job = new Promise<void>((resolve) => afterAnswer(() => resolve(linkFor(address))));
      sending.add(job);
      job.finally(() => sending.delete(job));
      return { ok: true };
    },

    /** What the link's page says before anyone presses "Sign in" (reads, uses nothing). */
    async linkState(token: string): Promise<LinkState> {
      if (!token || token.length > 200) return { state: "used" };
      const row = await verificationOf(database, hashToken(token));
      if (!row) return { state: "used" };
      if (new Date(row.expiresAt).getTime() < Date.now()) return { state: "expired" };
      const { email } = JSON.parse(row.value) as { email: string };
      return { state: "valid", email };
    },

    /** Uses the token (once): the session's cookies, or why it did not work. */
    async useLink(
      token: string,
    ): Promise<{ ok: true; cookies: string[] } | { ok: false; state: "expired" | "used" }> {
      const before = await this.linkState(token);
      if (before.state !== "valid") return { ok: false, state: before.state };
      try {
        const { headers } = await auth.api.magicLinkVerify({
          query: { token },
          headers: new Headers(),
          returnHeaders: true,
        });
        const cookies = cookiesOf(headers);
        if (cookies.length === 0) return { ok: false, state: "used" };
        return { ok: true, cookies };
      } catch (error) {
        // Used meanwhile (another tab, another instance), or its member was removed.
        logger.info({ err: errorSummary(error) }, "sign-in link refused");
        return { ok: false, state: "used" };
      }
    },

    /** The member signed in with these request headers, and cookies to renew the session. */
    async session(headers: Headers): Promise<{ member: TeamMember; cookies: string[] } | null> {
      if (!headers.get("cookie")?.includes("session_token")) return null;
      const { headers: answer, response } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      if (!response) return null;
      const { id, email, name } = response.user;
      // What the top bar shows: Away, and how many replies matched no application.
      // What the top bar shows: Away, how many replies matched no application, Settings; and
      // the time zone the pages show times in.
      const [away, unmatched, settings] = await Promise.all([
        isAway(database, id),
        unmatchedCount(database.db),
        settingsOf(database.db, id),
      ]);
      const { isAdmin, timeZone, signature } = settings;
      return {
        member: { id, email, name, away, unmatched, isAdmin, timeZone, signature },
        cookies: cookiesOf(answer),
      };
    },

    /** Ends the session of these headers; the cookies that clear it in the browser. */
    async signOut(headers: Headers): Promise<string[]> {
      try {
        const { headers: answer } = await auth.api.signOut({ headers, returnHeaders: true });
        return cookiesOf(answer);
      } catch {
        return [];
      }
    },

    async stop() {
      await Promise.allSettled([...sending]);
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
