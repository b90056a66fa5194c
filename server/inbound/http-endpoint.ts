import type { Context } from "hono";
import { errorSummary } from "../db/errors.ts";
import { bearerMatches } from "../http/bearer-token.ts";
import { bodyStream, readUpTo } from "../http/page-body.ts";
import { publicRequestOf, type TrustProxy } from "../http/proxy-trust.ts";
import type { Logger } from "../logger.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import type { RateLimit } from "../rate-limit/limiter.ts";
import type { Receiver } from "./receive.ts";

/**
 * `POST /team/inbound-email`: a mail provider's inbound webhook posting one raw message
 * (`Content-Type: message/rfc822`, `Authorization: Bearer <INBOUND_TOKEN>`), machine to
 * machine: no session, no origin, mounted before the team's guard for this exact path only.
 * 404 without INBOUND_TOKEN; 429 over the per-IP limit; 401 without the token; 415 another
 * type; 413 over INBOUND_MAX_BYTES (a declared length at once, a streamed body as soon as it
 * passes the limit: never read whole); 400 more than 50 recipients in To, Cc and Delivered-To
 * (nothing stored); 503 when it could not be stored (the provider retries); else 200
 * `{ok:true, matched}`, unmatched messages included (they are stored, on the Unmatched page).
 */
export function inboundEndpoint(deps: {
  token?: string;
  maxBytes: number;
  receiver: Pick<Receiver, "receive">;
  rateLimit: RateLimit;
  trustProxy: TrustProxy;
  logger: Logger;
}) {
  const { token, maxBytes } = deps;
  return async (c: Context) => {
    c.header("Cache-Control", "no-store");
    if (!token) return c.json({ ok: false, error: "not_found" }, 404);
    const ip = publicRequestOf(c, deps.trustProxy).clientIp;
    const limited = await deps.rateLimit.consume(rateLimitKey(ip || "unknown"));
    if (!limited.ok) {
      c.header("Retry-After", String(limited.retryAfterSeconds));
      return c.json({ ok: false, error: "rate_limited" }, 429);
    }
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="inbound-email"');
      return c.json({ ok: false, error: "unauthorized" }, 401);
    }
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "message/rfc822") {
      return c.json({ ok: false, error: "unsupported_media_type" }, 415);
    }
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (declared > maxBytes) return c.json({ ok: false, error: "too_large" }, 413);
    const stream = bodyStream(c);
    if (!stream) return c.json({ ok: false, error: "empty" }, 400);
    const read = await readUpTo(stream, maxBytes, maxBytes);
    if (read.total > maxBytes) return c.json({ ok: false, error: "too_large" }, 413);
    if (!read.body || read.total === 0) return c.json({ ok: false, error: "empty" }, 400);
    try {
      const received = await deps.receiver.receive(Buffer.from(read.body), { to: [] });
      if (received.ok) return c.json({ ok: true, matched: received.matched });
      return received.refused === "too_large"
        ? c.json({ ok: false, error: "too_large" }, 413)
        : c.json({ ok: false, error: "too_many_recipients" }, 400);
    } catch (error) {
      deps.logger.warn({ err: errorSummary(error) }, "posted message not stored: 503");
      c.header("Retry-After", "60");
      return c.json({ ok: false, error: "unavailable" }, 503);
    }
  };
}
