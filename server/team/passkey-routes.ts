import { Hono } from "hono";
import type { TeamAuth } from "./auth.ts";

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
 * in front has checked the origin and bounded the body.
 */
export function passkeyRoutes(auth: TeamAuth): Hono {
  const routes = new Hono();
  routes.all("*", async (c) => {
    const endpoint = c.req.path.replace(/^\/team\/auth/, "");
    if (!ceremonies.has(`${c.req.method} ${endpoint}`)) return c.json({ error: "not_found" }, 404);
    return auth.handler(c.req.raw);
  });
  return routes;
}
