import type { Context } from "hono";
import { errorSummary } from "../db/errors.ts";
import { bearerMatches } from "../http/bearer-token.ts";
import { bodyStream } from "../http/page-body.ts";
import { publicRequestOf, type TrustProxy } from "../http/proxy-trust.ts";
import type { Logger } from "../logger.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import type { RateLimit } from "../rate-limit/limiter.ts";
import type { Received, Receiver } from "./receive.ts";
import { removeSpooled, spoolMessage } from "./spool.ts";

/**
 * `POST /team/inbound-email`: a mail provider's inbound webhook posting one raw message
 * (`Content-Type: message/rfc822`, `Authorization: Bearer <INBOUND_TOKEN>`), machine to
 * machine: no session, no origin, mounted before the team's guard for this exact path only.
 * 404 without INBOUND_TOKEN; 429 over the per-IP limit; 401 without the token; 415 another
 * type; 413 over INBOUND_MAX_BYTES (a declared length at once, a streamed body as soon as it
 * passes the limit: never read whole); 400 more than 50 recipients in To, Cc and Delivered-To
 * (nothing stored); 422 mail that can never be parsed (for good: nothing stored); 429 with
 * Retry-After over a rate of mail (per sender, per application), 507 when the application's (or
 * Unmatched's) stored bytes are full, each with its `reason`; 503 only when it could not be
 * stored (the database is away: the provider retries); else 200 `{ok:true, matched}`,
 * unmatched messages included (they are stored, on the Unmatched page). The body goes to a file
 * under DATA_DIR as it comes (docs/replies.md, "Limits"), never whole in memory.
 */
export function inboundEndpoint(deps: {
  token?: string;
  maxBytes: number;
  dataDir: string;
  receiver: Pick<Receiver, "receiveFile">;
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
    try {
      const spooled = await spoolMessage(deps.dataDir, stream, { maxBytes, drain: false });
      if (!spooled.ok) return c.json({ ok: false, error: "too_large" }, 413);
      if (spooled.bytes === 0) {
        await removeSpooled(spooled);
        return c.json({ ok: false, error: "empty" }, 400);
      }
      const received = await deps.receiver.receiveFile(spooled, { to: [] });
      if (received.ok) return c.json({ ok: true, matched: received.matched });
      return refused(c, received);
    } catch (error) {
      deps.logger.warn({ err: errorSummary(error) }, "posted message not stored: 503");
      c.header("Retry-After", "60");
      return c.json({ ok: false, error: "unavailable" }, 503);
    }
  };
}

/** The answer to a message refused (nothing stored), with its reason. */
function refused(c: Context, received: Exclude<Received, { ok: true }>) {
  switch (received.refused) {
    case "too_large":
      return c.json({ ok: false, error: "too_large" }, 413);
    case "too_many_recipients":
      return c.json({ ok: false, error: "too_many_recipients" }, 400);
    case "unparseable":
      return c.json({ ok: false, error: "unparseable", reason: received.reason }, 422);
    case "rate_limited":
      c.header("Retry-After", String(received.retryAfterSeconds));
      return c.json({ ok: false, error: "rate_limited", reason: received.limit }, 429);
    case "quota_full":
      return c.json({ ok: false, error: "quota_full", reason: received.limit }, 507);
  }
}
