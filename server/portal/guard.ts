import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { portalPaths } from "#app/shared/paths.ts";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import { isPortalPath, teamPathKey } from "../http/page-body.ts";
import type { Logger } from "../logger.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Pages anyone may open: sign-in and the page behind an emailed link. */
function isPublic(path: string): boolean {
  const page = teamPathKey(path)
    .replace(/\.data$/, "")
    .replace(/\/$/, "");
  return page === portalPaths.signIn || page === portalPaths.signInLink;
}

/**
 * In front of every /portal request (as the team's guard is in front of /team): never cached
 * nor indexed; a state change from another origin refused (403) before anything runs; the
 * session checked on the server (the portal's own cookie: a member's session is not one), and
 * without one the request goes to the sign-in page and changes nothing. The person found is
 * remembered for the route modules (`people`).
 */
export function portalGuard(deps: {
  origin: string;
  session: (headers: Headers) => Promise<PortalPerson | undefined>;
  people: WeakMap<Request, PortalPerson>;
  afterAnswer: WeakMap<Request, (job: () => void) => void>;
  logger: Logger;
}): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (!isPortalPath(path)) return next();
    const jobs: (() => void)[] = [];
    deps.afterAnswer.set(c.req.raw, (job) => jobs.push(job));
    try {
      const answer = await guarded(c, () => next());
      const response = answer ?? c.res;
      response.headers.set("Cache-Control", "no-store");
      response.headers.set("X-Robots-Tag", "noindex, nofollow");
      return answer;
    } finally {
      startOnceAnswered(c, jobs);
    }
  };

  async function guarded(c: Context, next: () => Promise<void>): Promise<Response | undefined> {
    const path = c.req.path;
    const method = c.req.method;
    if (!safeMethods.has(method)) {
      const from = c.req.header("origin") ?? originOf(c.req.header("referer"));
      if (from !== deps.origin && from !== new URL(c.req.url).origin) {
        deps.logger.warn({ path, method }, "cross-site request to /portal refused");
        return c.text("Forbidden", 403);
      }
    }
    const person = await deps.session(c.req.raw.headers);
    if (person) deps.people.set(c.req.raw, person);
    else if (!isPublic(path)) return toSignIn(c, path);
    await next();
    return undefined;
  }
}

/** Starts `jobs` once the answer has gone (what the team's guard does for its links). */
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
 * Signed out: the sign-in page (302 a page, 303 a form, 204 + X-Remix-Redirect a data request);
 * the uploads' endpoint, which no browser navigates to, a plain 401.
 */
function toSignIn(c: Context, path: string): Response {
  const key = teamPathKey(path);
  if (key === portalPaths.uploads || key.startsWith(`${portalPaths.uploads}/`)) {
    return c.text("Sign in first", 401);
  }
  if (teamPathKey(path).endsWith(".data")) {
    return c.body(null, 204, { "X-Remix-Redirect": portalPaths.signIn });
  }
  return c.redirect(portalPaths.signIn, safeMethods.has(c.req.method) ? 302 : 303);
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
