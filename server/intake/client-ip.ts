import { createHmac } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address: the socket's peer, or, behind a proxy we trust (TRUST_PROXY), the
 * last X-Forwarded-For entry, the one our proxy appended (earlier entries are the client's say).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return "";
  }
}

/** HMAC-SHA256 of an IP address: lets us count and group by client without storing the IP. */
export function createIpHasher(secret: string): (ip: string) => string {
  return (ip) => createHmac("sha256", secret).update(ip).digest("hex");
}
