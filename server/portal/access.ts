import { createHash } from "node:crypto";
import type { PortalLinkState, PortalPerson, RateOutcome } from "#app/shared/portal-port.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { normaliseAddress, personByEmail } from "../db/portal/client-people.ts";
import {
  sessionDelete,
  sessionInsert,
  sessionPerson,
  signInTokenInsert,
  signInTokenState,
  signInTokenUse,
} from "../db/portal/client-sessions.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  hashPortalToken,
  newPortalToken,
  portalLinkEmail,
  portalLinkLifetimeMs,
  portalLinkUrl,
} from "../mail/portal-links.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import { createRateLimit } from "../rate-limit/limiter.ts";
import { sessionCookie, sessionTokenOf } from "./cookie.ts";

/** A session lasts 7 days from sign-in (then: a new link). */
export const portalSessionMs = 7 * 24 * 60 * 60 * 1000;
/** Links asked for are counted over 15 minutes. */
const windowSeconds = 15 * 60;

/**
 * How a client's person signs in (decision 0079): a link emailed on request (one use, 15
 * minutes, its hash stored; counted per address and per IP), whose page's POST makes a session
 * (a random token in an HttpOnly cookie of its own, its hash stored). Everyone gets the same
 * answer to a request; only a person of a client gets an email, made after the answer has gone.
 */
export function createPortalAccess(deps: {
  config: Pick<
    Config,
    | "PUBLIC_SITE_URL"
    | "MAIL_FROM"
    | "https"
    | "PORTAL_LINK_LIMIT_PER_ADDRESS"
    | "PORTAL_LINK_LIMIT_PER_IP"
  >;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  now?: () => number;
}) {
  const { config, database, logger } = deps;
  const now = deps.now ?? Date.now;
  const byIp = createRateLimit(database, {
    keyPrefix: "portal-link-ip",
    points: config.PORTAL_LINK_LIMIT_PER_IP,
    durationSeconds: windowSeconds,
  });
  const byAddress = createRateLimit(database, {
    keyPrefix: "portal-link-address",
    points: config.PORTAL_LINK_LIMIT_PER_ADDRESS,
    durationSeconds: windowSeconds,
  });
  const sending = new Set<Promise<void>>();

  /** Mints a link for the person of `address` (if they are one) and emails it: an invite or not. */
  async function sendLink(address: string, which: "signIn" | "invite" = "signIn") {
    try {
      const person = await personByEmail(database, address);
      if (!person) return;
      const { token, hash } = newPortalToken();
      const at = now();
      await database.write(
        signInTokenInsert(database.db, {
          tokenHash: hash,
          personId: person.id,
          expiresAt: at + portalLinkLifetimeMs[which],
          now: at,
        }),
      );
      const link = portalLinkUrl(config.PUBLIC_SITE_URL, token);
      await deps.mailer.send(portalLinkEmail(which, person.email, link, config.MAIL_FROM));
    } catch (error) {
      logger.error({ err: errorSummary(error) }, "portal sign-in link not sent");
    }
  }

  /** Runs `job` on the next turn (or once the answer has gone), awaited on stop. */
  function later(job: () => Promise<void>, afterAnswer: (run: () => void) => void = setImmediate) {
    const sent = new Promise<void>((resolve) => afterAnswer(() => resolve(job())));
    sending.add(sent);
    sent.finally(() => sending.delete(sent));
  }

  return {
    /** Counts the request (per IP, then per address's hash); the link goes after the answer. */
    async requestLink(
      email: string,
      ip: string,
      afterAnswer: (job: () => void) => void = setImmediate,
    ): Promise<RateOutcome> {
      const address = normaliseAddress(email);
      const perIp = await byIp.consume(rateLimitKey(ip) || "unknown");
      if (!perIp.ok) return perIp;
      const perAddress = await byAddress.consume(
        createHash("sha256").update(address).digest("hex"),
      );
      if (!perAddress.ok) return perAddress;
      later(() => sendLink(address), afterAnswer);
      return { ok: true };
    },

    /** Emails a person the team just added their invite (a 48-hour link), after the answer. */
    invite(email: string, afterAnswer?: (run: () => void) => void) {
      later(() => sendLink(normaliseAddress(email), "invite"), afterAnswer);
    },

    linkState(token: string): Promise<PortalLinkState> {
      if (!token || token.length > 200) return Promise.resolve({ state: "used" });
      return signInTokenState(database, hashPortalToken(token), now());
    },

    /** Uses the link (once) and opens a session: its cookie, or why not. */
    async useLink(
      token: string,
    ): Promise<{ ok: true; cookie: string } | { ok: false; state: "expired" | "used" }> {
      const before = await this.linkState(token);
      if (before.state !== "valid") return { ok: false, state: before.state };
      const at = now();
      const personId = await signInTokenUse(database, hashPortalToken(token), at);
      if (!personId) return { ok: false, state: "used" };
      const session = newPortalToken();
      const expiresAt = at + portalSessionMs;
      await database.write(
        sessionInsert(database.db, { tokenHash: session.hash, personId, expiresAt, now: at }),
      );
      return { ok: true, cookie: sessionCookie(config, session.token, portalSessionMs / 1000) };
    },

    /** The person of the session these headers carry, if it is live and they still belong. */
    async session(headers: Headers): Promise<PortalPerson | undefined> {
      const token = sessionTokenOf(config, headers);
      if (!token) return undefined;
      return sessionPerson(database, hashPortalToken(token), now());
    },

    /** Ends the session these headers carry; the cookie line that clears it. */
    async signOut(headers: Headers): Promise<string> {
      const token = sessionTokenOf(config, headers);
      if (token) await database.write(sessionDelete(database.db, hashPortalToken(token)));
      return sessionCookie(config, "", 0);
    },

    async stop() {
      await Promise.allSettled([...sending]);
    },
  };
}

export type PortalAccess = ReturnType<typeof createPortalAccess>;
