import { Hono } from "hono";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { publicRequestOf } from "../http/proxy-trust.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import { createRateLimit } from "../rate-limit/limiter.ts";
import type { TeamAuth } from "./auth.ts";
import { linkWindowSeconds } from "./link-limits.ts";

/** The passkey ceremonies, as better-auth answers them (the only endpoints of its own we serve). */
const ceremonies = new Set([
  "GET /passkey/generate-register-options",
  "POST /passkey/verify-registration",
  "GET /passkey/generate-authenticate-options",
  "POST /passkey/verify-authentication",
]);

/**
 * `/team/auth/*`: better-auth's handler for the four passkey endpoints (the browser talks to
 * them in JSON; WebAuthn needs JavaScript anyway); anything else there is a 404. The team guard
 * in front has checked the origin and bounded the body. Each ceremony writes (a challenge, a
 * passkey, a session), and two answer anyone, so every call counts against its client IP
 * (IPv6: its /64; behind a trusted proxy, the address it reports): TEAM_AUTH_LIMIT_PER_IP every
 * 15 minutes, then 429 with Retry-After, and nothing written.
 */
export function passkeyRoutes(
  auth: TeamAuth,
  deps: {
    config: Pick<Config, "TEAM_AUTH_LIMIT_PER_IP" | "TRUST_PROXY">;
    database: Pick<DatabaseHandle, "pool">;
  },
): Hono {
  const perIp = createRateLimit(deps.database, {
    keyPrefix: "team-auth-ip",
    points: deps.config.TEAM_AUTH_LIMIT_PER_IP,
    durationSeconds: linkWindowSeconds,
  });
  const routes = new Hono();
  routes.all("*", async (c) => {
    const endpoint = c.req.path.replace(/^\/team\/auth/, "");
    if (!ceremonies.has(`${c.req.method} ${endpoint}`)) return c.json({ error: "not_found" }, 404);
    const client = publicRequestOf(c, deps.config.TRUST_PROXY).clientIp;
    const decision = await perIp.consume(rateLimitKey(client) || "unknown");
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ error: "rate_limited" }, 429);
    }
    return auth.handler(c.req.raw);
  });
  return routes;
}
