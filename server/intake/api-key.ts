import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import type { AppEnv } from "../http/app-env.ts";
import { bearerMatches, tokenMatches } from "../http/bearer-token.ts";
import { publicRequestOf } from "../http/proxy-trust.ts";

export const missingKeyMessage =
  "This API needs its key: send it as apikey or Authorization: Bearer";

/**
 * With INTAKE_API_KEY set, the intake's POST asks other callers for the key, as the hosted
 * backend's client sends it (`apikey: <key>`, or `Authorization: Bearer <key>` when no user is
 * signed in): 401 without it, before the body is read, so nothing is stored or counted. The
 * site's own pages send none and need none: a request whose Origin is the site's (this
 * request's public origin, or PUBLIC_SITE_URL's) passes, and the questionnaire without
 * JavaScript never comes here (its action calls the intake service in the server).
 *
 * The key is public, like the hosted backend's anon key: it sits in the pages of the sites
 * given it, and any client can claim our Origin. It keeps out callers that never loaded a
 * page of a site given the key (scanners of hosted-backend paths, scripts), and a rotation
 * cuts off those that copied an old one; the rate limit, the caps and the honeypot stay what
 * protects the intake from a determined sender (decision 0061).
 */
export function requireIntakeKey(
  config: Pick<Config, "INTAKE_API_KEY" | "PUBLIC_SITE_URL" | "TRUST_PROXY">,
): MiddlewareHandler<AppEnv> {
  const key = config.INTAKE_API_KEY;
  const site = new URL(config.PUBLIC_SITE_URL).origin;
  return async (c, next) => {
    if (key === undefined || fromOwnPage(c, site)) return next();
    const given = c.req.header("apikey");
    // Both compared, each in constant time: a signed-in user's token may fill Authorization.
    const byApiKey = tokenMatches(given, key);
    const byBearer = bearerMatches(c.req.header("authorization"), key);
    if (byApiKey || byBearer) return next();
    c.header("WWW-Authenticate", 'Bearer realm="intake"');
    return c.json({ ok: false, error: "unauthorized", message: missingKeyMessage }, 401);
  };

  function fromOwnPage(c: Context<AppEnv>, siteOrigin: string): boolean {
    const origin = c.req.header("origin");
    if (origin === undefined) return false;
    return origin === siteOrigin || origin === publicRequestOf(c, config.TRUST_PROXY).origin;
  }
}
