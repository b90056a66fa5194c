import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { teamPaths } from "#app/shared/paths.ts";
import type { Member } from "../db/members.ts";
import { isTeamPath, maxTeamFormBytes, teamPathKey } from "../http/page-body.ts";
import type { Logger } from "../logger.ts";
import type { SignIn } from "./sign-in.ts";

/** Pages anyone may open: sign-in, the page behind an emailed link, the passkey ceremonies. */
function isPublic(path: string): boolean {
  const page = teamPathKey(path).replace(/\.data$/, "");
  return (
    page === teamPaths.signIn ||
    page === teamPaths.signInLink ||
    page.startsWith(`${teamPaths.auth}/`)
  );
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * In front of every /team request: never cached nor indexed; a state-changing request from
 * another origin is refused (403), and its body bounded (413) before anything parses it; the
 * session is checked on the server, and without one the request is sent to the sign-in page
 * (toSignIn) and changes nothing. The member found is remembered for the route modules
 * (`members`), and a renewed session cookie goes out with the answer.
 */
export function teamGuard(deps: {
  origin: string;
  signIn: Pick<SignIn, "session">;
  members: WeakMap<Request, Member>;
  /** Where the route modules of a request leave work to start once its answer has gone. */
  afterAnswer: WeakMap<Request, (job: () => void) => void>;
  logger: Logger;
}): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxTeamFormBytes,
    onError: (c) => c.text("Payload Too Large", 413),
  });
  return async (c, next) => {
    const path = c.req.path;
    if (!isTeamPath(path)) return next();
    const jobs: (() => void)[] = [];
    deps.afterAnswer.set(c.req.raw, (job) => jobs.push(job));
    try {
      const answer = await guarded(c, next);
      const response = answer instanceof Response ? answer : c.res;
      response.headers.set("Cache-Control", "no-store");
      response.headers.set("X-Robots-Tag", "noindex, nofollow");
      return answer;
    } finally {
      startOnceAnswered(c, jobs);
    }
  };

  async function guarded(c: Context, next: Next): Promise<Response | undefined> {
    const path = c.req.path;
    const method = c.req.method;
    if (!safeMethods.has(method)) {
      const from = c.req.header("origin") ?? originOf(c.req.header("referer"));
      if (from !== deps.origin && from !== new URL(c.req.url).origin) {
        deps.logger.warn({ path, method }, "cross-site request to /team refused");
        return c.text("Forbidden", 403);
      }
    }
    let refused: Response | undefined;
    // The passkey endpoints (Hono routes, JSON) are bounded here; the pages' forms by the React
    // Router handler (readPageBody), which reads the socket itself: touching the request's body
    // here would start a second reader on it.
    const bounded = teamPathKey(path).startsWith(`${teamPaths.auth}/`)
      ? limit
      : (_c: Context, run: Next) => run();
    const tooLarge = await bounded(c, async () => {
      if (isPublic(path)) return next();
      const found = await deps.signIn.session(c.req.raw.headers);
      if (!found) {
        refused = toSignIn(c, path);
        return;
      }
      deps.members.set(c.req.raw, found.member);
      await next();
      for (const cookie of found.cookies) c.res.headers.append("Set-Cookie", cookie);
    });
    return tooLarge ?? refused;
  }
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

/**
 * The answer to a request without a session (none, expired, or ended elsewhere): the sign-in
 * page, and nothing runs. A page gets 302; a form posted without JavaScript 303, so the browser
 * opens the page instead of a bare error; a data request (React Router's fetch, JavaScript on)
 * 204 with `X-Remix-Redirect`, the redirect React Router's client follows (single-fetch.js)
 * rather than showing its error screen.
 */
function toSignIn(c: Context, path: string): Response {
  if (teamPathKey(path).endsWith(".data")) {
    return c.body(null, 204, { "X-Remix-Redirect": teamPaths.signIn });
  }
  return c.redirect(teamPaths.signIn, safeMethods.has(c.req.method) ? 302 : 303);
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
