import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { teamPaths } from "#app/shared/paths.ts";
import type { TeamMember } from "#app/shared/team-port.ts";
import { isTeamPath, maxTeamFormBytes, teamPathKey } from "../http/page-body.ts";
import { crossSiteRefusal, inRealm, toSignIn } from "../http/realm-guard.ts";
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
  members: WeakMap<Request, TeamMember>;
  /** Where the route modules of a request leave work to start once its answer has gone. */
  afterAnswer: WeakMap<Request, (job: () => void) => void>;
  logger: Logger;
}): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxTeamFormBytes,
    onError: (c) => c.text("Payload Too Large", 413),
  });
  return async (c, next) => {
    if (!isTeamPath(c.req.path)) return next();
    return inRealm(c, deps.afterAnswer, () => guarded(c, next));
  };

  async function guarded(c: Context, next: Next): Promise<Response | undefined> {
    const path = c.req.path;
    const crossSite = crossSiteRefusal(c, deps.origin, deps.logger, "/team");
    if (crossSite) return crossSite;
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
        refused = toSignIn(c, path, teamPaths.signIn);
        return;
      }
      deps.members.set(c.req.raw, found.member);
      await next();
      for (const cookie of found.cookies) c.res.headers.append("Set-Cookie", cookie);
    });
    return tooLarge ?? refused;
  }
}
