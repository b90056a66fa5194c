import { RouterContextProvider } from "react-router";
import type { PortalPort } from "./portal-port.ts";
import type { TeamPort } from "./team-port.ts";

/**
 * What the Node server hands to React Router for each request. It is a
 * RouterContextProvider (as React Router's middleware requires) carrying a few
 * plain fields, so the server and the separately bundled route modules share it
 * without sharing module instances.
 */
export interface AppContext extends RouterContextProvider {
  /** The Content-Security-Policy nonce of this response ("" when prerendering). */
  nonce: string;
  /** The intake service; absent while prerendering or in unit tests. */
  intake?: IntakePort;
  /** The team's side (/team routes); absent while prerendering or in unit tests. */
  team?: TeamPort;
  /** The client portal (/portal routes), bound to the person of this request's session. */
  portal?: PortalPort;
  /**
   * The client's address: the peer of the TCP connection, or behind a trusted proxy the one it
   * reports (TRUST_PROXY); absent in tests.
   */
  clientIp?: string;
  /**
   * Set when the server refused the body of a form post before parsing it (too large, or not
   * a form's encoding): the action answers with this status and the page's own message.
   */
  formRejection?: 413 | 415;
  /** The site's stylesheet, inlined into server-rendered pages (absent while prerendering). */
  inlineCss?: string;
  /**
   * The token /onboarding's beacons carry: made for this request's visitor today (absent with
   * ANALYTICS=off, while prerendering, in tests; undefined for a bot or a member).
   */
  beaconToken?: () => Promise<string | undefined>;
  /**
   * Logs an error nothing caught (a loader's, an action's, a render's) as one line of the
   * server's log, with the request's id; absent while prerendering (then: the console).
   */
  reportError?: (error: unknown) => void;
}

/** The one thing route actions may ask of the server: take an application. */
export interface IntakePort {
  submit(input: unknown, meta: IntakeMeta): Promise<IntakeOutcome>;
}

export interface IntakeMeta {
  ip: string;
  userAgent: string;
  /** The host the visitor asked for: with ip and userAgent, finds the visit it came from. */
  host?: string;
  idempotencyKey?: string;
}

export type IntakeOutcome =
  | { ok: true; id: string }
  | { ok: false; error: "validation_failed"; fieldErrors: Record<string, string[]> }
  | { ok: false; error: "rate_limited"; retryAfterSeconds: number }
  /** The idempotency key was used before with other answers: nothing stored (Stripe's rule). */
  | { ok: false; error: "idempotency_key_reused" }
  /** Too many applications wait for a commit (INTAKE_QUEUE_MAX): nothing stored. */
  | { ok: false; error: "overloaded"; retryAfterSeconds: number }
  | { ok: false; error: "unavailable"; retryAfterSeconds: number };

export function createAppContext(fields: {
  nonce: string;
  intake?: IntakePort;
  team?: TeamPort;
  portal?: PortalPort;
  clientIp?: string;
  inlineCss?: string;
  formRejection?: 413 | 415;
  reportError?: (error: unknown) => void;
  beaconToken?: () => Promise<string | undefined>;
}): AppContext {
  return Object.assign(new RouterContextProvider(), fields);
}

/**
 * The fields the server put on a route's `context`. Checked by shape, not `instanceof`: under
 * `npm run dev` the route modules run in Vite's module runner, with their own copy of React
 * Router's classes.
 */
export function appContext(context: unknown): Partial<AppContext> {
  return typeof context === "object" && context !== null ? (context as Partial<AppContext>) : {};
}
