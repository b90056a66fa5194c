import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { IntakePort } from "#app/shared/app-context.ts";
import { idempotencyKeyMessage, idempotencyKeyPattern } from "#app/shared/intake-rules.ts";
import type { Config } from "../config.ts";
import type { AppEnv } from "../http/app-env.ts";
import { publicRequestOf } from "../http/proxy-trust.ts";
import type { Logger } from "../logger.ts";
import { requireIntakeKey } from "./api-key.ts";
import { intakeAllowedHeaders } from "./client-headers.ts";
import { keyReusedMessage, overloadedMessage, unavailableMessage } from "./service.ts";

export const maxBodyBytes = 32 * 1024;
const allow = "POST, OPTIONS";

const tooLarge = (c: Context<AppEnv>) => c.json({ ok: false, error: "payload_too_large" }, 413);
/**
 * A chunked body cut short is abandoned with its connection (the request stream is destroyed):
 * say so, or the client sends its next request on a socket about to close ("socket hang up").
 */
const streamedLimit = bodyLimit({
  maxSize: maxBodyBytes,
  onError: (c) => {
    c.header("Connection", "close");
    return tooLarge(c);
  },
});

/**
 * 413 over 32 KiB. With a Content-Length the header decides (Node's parser holds the body to
 * it; @hono/node-server reads and drops an unread body, so the connection stays usable), and
 * the body is then read by @hono/node-server's fast path; without one (chunked),
 * hono/body-limit counts the bytes as they stream in. (body-limit touches `request.body`,
 * which makes a full web Request: too slow to do for every application.)
 */
const limitBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const length = c.req.header("content-length");
  if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
    if (Number(length) > maxBodyBytes) return tooLarge(c);
    return next();
  }
  return streamedLimit(c, next);
};

/**
 * CORS for ALLOWED_ORIGINS only: their preflight allows POST with our headers and every header
 * of the hosted backend's client (./client-headers.ts), and their answers may be read. Any
 * other origin's preflight gets a bare 204: nothing allowed, so its browser sends nothing.
 */
function corsForAllowedOrigins(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowedCors = cors({
    origin: (origin) => origin,
    allowMethods: ["POST", "OPTIONS"],
    allowHeaders: [...intakeAllowedHeaders],
    exposeHeaders: ["Retry-After"],
    maxAge: 600,
  });
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && allowedOrigins.includes(origin)) return allowedCors(c, next);
    if (c.req.method === "OPTIONS") return c.body(null, 204, { Vary: "Origin" });
    await next();
    c.header("Vary", "Origin", { append: true });
  };
}

/**
 * The JSON endpoint (`POST /functions/v1/send-onboarding-email`): HTTP in and out around the
 * intake service. Every answer is JSON and never cached; CORS only for ALLOWED_ORIGINS; the
 * key of INTAKE_API_KEY, when set, from any caller but the site's own pages.
 */
export function createIntakeApi(deps: {
  config: Pick<Config, "ALLOWED_ORIGINS" | "TRUST_PROXY" | "INTAKE_API_KEY" | "PUBLIC_SITE_URL">;
  logger: Logger;
  intake: IntakePort;
}): Hono<AppEnv> {
  const { config, logger, intake } = deps;
  const api = new Hono<AppEnv>();

  api.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  api.use(corsForAllowedOrigins(config.ALLOWED_ORIGINS));

  api.post(
    "/",
    requireIntakeKey(config),
    async (c, next) => {
      const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json") {
        return c.json({ ok: false, error: "unsupported_media_type" }, 415);
      }
      await next();
    },
    limitBody,
    async (c) => {
      const key = c.req.header("idempotency-key");
      if (key !== undefined && !idempotencyKeyPattern.test(key)) {
        return c.json(
          { ok: false, error: "invalid_idempotency_key", message: idempotencyKeyMessage },
          400,
        );
      }
      const body = await readJsonObject(c);
      if (body === undefined) return c.json({ ok: false, error: "invalid_json" }, 400);

      const visitor = publicRequestOf(c, config.TRUST_PROXY);
      const outcome = await intake.submit(body, {
        ip: visitor.clientIp,
        host: visitor.host,
        userAgent: c.req.header("user-agent") ?? "",
        idempotencyKey: key,
      });
      if (outcome.ok) return c.json({ ok: true, id: outcome.id }, 200);
      switch (outcome.error) {
        case "validation_failed":
          return c.json({ ok: false, error: outcome.error, fieldErrors: outcome.fieldErrors }, 400);
        case "rate_limited":
          c.header("Retry-After", String(outcome.retryAfterSeconds));
          return c.json({ ok: false, error: outcome.error }, 429);
        case "idempotency_key_reused":
          return c.json({ ok: false, error: outcome.error, message: keyReusedMessage }, 422);
        case "overloaded":
          c.header("Retry-After", String(outcome.retryAfterSeconds));
          return c.json({ ok: false, error: outcome.error, message: overloadedMessage }, 503);
        case "unavailable":
          logger.error({ reqId: c.get("requestId") }, "intake answered 503: storage unavailable");
          c.header("Retry-After", String(outcome.retryAfterSeconds));
          return c.json({ ok: false, error: outcome.error, message: unavailableMessage }, 503);
      }
    },
  );

  api.all("/", (c) => {
    c.header("Allow", allow);
    return c.json({ ok: false, error: "method_not_allowed" }, 405);
  });
  return api;
}

/** UTF-8 that throws on bytes that are not UTF-8, instead of making them U+FFFD. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body as a JSON object, or undefined when it is not UTF-8 JSON (RFC 8259) or not an
 * object. Invalid bytes would otherwise be stored as U+FFFD in place of what the person wrote.
 */
async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(utf8.decode(await c.req.arrayBuffer()));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
