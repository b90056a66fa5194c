import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import { loggablePath } from "#app/shared/paths.ts";
import type { Logger } from "../logger.ts";
import { teamPathKey } from "./page-body.ts";

// What the guards in front of the signed-in realms (/team, /portal) do alike: answers never
// cached nor indexed, work left by route modules started once the answer has gone, a state
// change from another origin refused, and a request without a session sent to sign in.

export const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Runs `guarded` for one request of a realm: its answer (or the app's) is marked no-store and
 * noindex, and the jobs the route modules left (`afterAnswer`) start once it has gone.
 */
export async function inRealm(
  c: Context,
  afterAnswer: WeakMap<Request, (job: () => void) => void>,
  guarded: () => Promise<Response | undefined>,
): Promise<Response | undefined> {
  const jobs: (() => void)[] = [];
  afterAnswer.set(c.req.raw, (job) => jobs.push(job));
  try {
    const answer = await guarded();
    const response = answer instanceof Response ? answer : c.res;
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return answer;
  } finally {
    startOnceAnswered(c, jobs);
  }
}

/**
 * A state change (any method but GET, HEAD, OPTIONS) from another origin than the site's
 * (`origin`, or the request's own): 403 before anything runs, one warning line naming the realm.
 */
export function crossSiteRefusal(
  c: Context,
  origin: string,
  logger: Logger,
  realm: string,
): Response | undefined {
  const method = c.req.method;
  if (safeMethods.has(method)) return undefined;
  const from = c.req.header("origin") ?? originOf(c.req.header("referer"));
  if (from === origin || from === new URL(c.req.url).origin) return undefined;
  logger.warn({ path: loggablePath(c.req.path), method }, `cross-site request to ${realm} refused`);
  return c.text("Forbidden", 403);
}

/**
 * The answer to a request without a session (none, expired, or ended elsewhere): the sign-in
 * page, and nothing runs. A page gets 302; a form posted without JavaScript 303, so the browser
 * opens the page instead of a bare error; a data request (React Router's fetch, JavaScript on)
 * 204 with `X-Remix-Redirect`, the redirect React Router's client follows (single-fetch.js)
 * rather than showing its error screen.
 */
export function toSignIn(c: Context, path: string, signInPath: string): Response {
  if (teamPathKey(path).endsWith(".data")) {
    return c.body(null, 204, { "X-Remix-Redirect": signInPath });
  }
  return c.redirect(signInPath, safeMethods.has(c.req.method) ? 302 : 303);
}

/**
 * Starts `jobs` once the answer has gone out (its last byte handed to the socket, or the
 * client gone): whatever they do, the answer's time does not show it. Without a socket (tests
 * calling the app directly), on the next turn of the event loop.
 */
function startOnceAnswered(c: Context, jobs: (() => void)[]) {
  if (jobs.length === 0) return;
  const run = () => {
    for (const job of jobs.splice(0)) job();
  };
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && !outgoing.closed) outgoing.once("close", run);
  else setImmediate(run);
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
