import type { Context } from "hono";
import { isbot } from "isbot";
import { publicRequestOf, type TrustProxy } from "../http/proxy-trust.ts";
import type { VisitorFacts } from "./visit-counter.ts";

/**
 * Whether a request is a person's visit: not a bot (isbot's maintained list; no User-Agent at
 * all counts as one), not a prefetch or a prerender the browser made on its own (`Sec-Purpose`,
 * or the older `Purpose`), not a member of the team (their session cookie: the site sets no
 * other cookie).
 */
export function isCountable(headers: Headers): boolean {
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  if (headers.get("cookie")?.includes("session_token")) return false;
  const userAgent = headers.get("user-agent");
  return !!userAgent && !isbot(userAgent);
}

/** Who the request is from, as the visitor's hash takes it: address, User-Agent, host. */
export function visitorFacts(c: Context, trust: TrustProxy): VisitorFacts {
  const visitor = publicRequestOf(c, trust);
  return {
    ip: visitor.clientIp,
    userAgent: c.req.header("user-agent") ?? "",
    host: visitor.host,
  };
}
