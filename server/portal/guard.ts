import type { Context, MiddlewareHandler } from "hono";
import { portalFeedsPrefix, portalPaths } from "#app/shared/paths.ts";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import { isPortalPath, teamPathKey } from "../http/page-body.ts";
import { crossSiteRefusal, inRealm, toSignIn } from "../http/realm-guard.ts";
import type { Logger } from "../logger.ts";

/**
 * A client's iCal feed (`/portal/feeds/<token>.ics`, decision 0094): its secret token is its
 * key, so no session is asked; exactly one segment ending in `.ics`, never its `.data` or a
 * deeper path.
 */
export function isFeedPath(path: string): boolean {
  if (!path.startsWith(portalFeedsPrefix)) return false;
  const rest = path.slice(portalFeedsPrefix.length);
  return /^[A-Za-z0-9_-]{1,100}\.ics$/.test(rest);
}

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
    if (!isPortalPath(c.req.path)) return next();
    return inRealm(c, deps.afterAnswer, () => guarded(c, () => next()));
  };

  async function guarded(c: Context, next: () => Promise<void>): Promise<Response | undefined> {
    const path = c.req.path;
    const crossSite = crossSiteRefusal(c, deps.origin, deps.logger, "/portal");
    if (crossSite) return crossSite;
    const person = await deps.session(c.req.raw.headers);
    if (person) deps.people.set(c.req.raw, person);
    else if (!isPublic(path) && !isFeedPath(path)) return signedOut(c, path);
    await next();
    return undefined;
  }
}

/**
 * Signed out: the sign-in page (302 a page, 303 a form, 204 + X-Remix-Redirect a data request);
 * the uploads' endpoint, which no browser navigates to, a plain 401.
 */
function signedOut(c: Context, path: string): Response {
  const key = teamPathKey(path);
  if (key === portalPaths.uploads || key.startsWith(`${portalPaths.uploads}/`)) {
    return c.text("Sign in first", 401);
  }
  return toSignIn(c, path, portalPaths.signIn);
}
