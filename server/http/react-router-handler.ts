import type { Context } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createAppContext, type IntakePort } from "#app/shared/app-context.ts";
import type { PortalPort } from "#app/shared/portal-port.ts";
import type { TeamPort } from "#app/shared/team-port.ts";
import type { Logger } from "../logger.ts";
import { deferModulePreloads } from "./defer-module-preloads.ts";
import { formLimitOf, isPortalPath, isTeamPath, type PageBody, readPageBody } from "./page-body.ts";
import type { InlineStylesheets } from "./prerendered-pages.ts";
import { publicRequestOf, type TrustProxy } from "./proxy-trust.ts";

/** Hands a request to React Router (server-rendered pages, the onboarding form action, 404s). */
export function reactRouterHandler(options: {
  loadBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  intake?: IntakePort;
  /** The team's port for this request (the member its guard found). */
  team?: (request: Request) => TeamPort | undefined;
  /** The portal's port for this request (the person its guard found). */
  portal?: (request: Request) => PortalPort | undefined;
  trustProxy: TrustProxy;
  /** The stylesheets to inline into the rendered pages (production): the team's, the public. */
  inlineCss?: InlineStylesheets;
  /** Where errors nothing caught go: one JSON line each, with the request id. */
  logger: Logger;
  /** The token of this request's visitor for /onboarding's beacons (absent: none). */
  beaconToken?: (c: Context) => Promise<string | undefined>;
}) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (c: Context) => {
    // Bounded before anything parses it; only the questionnaire's action reads a body.
    const body = await readPageBody(c);
    // The team's pages answer a refused body plainly (their forms are small and ours); the
    // questionnaire answers 413/415 with its page and its own message (formRejection).
    const teamOrPortal = isTeamPath(c.req.path) || isPortalPath(c.req.path);
    if (!body.ok && (body.status === 405 || body.status === 400 || teamOrPortal)) {
      if (body.status === 405) {
        c.header("Allow", formLimitOf(c.req.path) ? "GET, HEAD, POST" : "GET, HEAD");
      }
      return c.text(refusals[body.status], body.status);
    }
    handler ??= createRequestHandler(
      options.mode === "development" ? options.loadBuild : await options.loadBuild(),
      options.mode,
    );
    const nonce = c.get("secureHeadersNonce") ?? "";
    const visitor = publicRequestOf(c, options.trustProxy);
    const response = await handler(
      publicRequest(c.req.raw, visitor.origin, body),
      createAppContext({
        nonce,
        intake: options.intake,
        team: options.team?.(c.req.raw),
        portal: isPortalPath(c.req.path) ? options.portal?.(c.req.raw) : undefined,
        clientIp: visitor.clientIp || undefined,
        inlineCss: teamOrPortal ? options.inlineCss?.team : options.inlineCss?.public,
        beaconToken: options.beaconToken
          ? () => options.beaconToken?.(c) ?? Promise.resolve(undefined)
          : undefined,
        reportError: (error) =>
          options.logger.error({ reqId: c.get("requestId"), err: error }, "unhandled error"),
        // Too large or not a form: the action answers with the page and its own message.
        formRejection:
          body.ok || body.status === 400 || body.status === 405 ? undefined : body.status,
      }),
    );
    return options.mode === "production" ? deferModulePreloads(response) : response;
  };
}

/**
 * The request as the visitor made it: behind a trusted proxy its URL has the public scheme and
 * host (React Router compares the form post's Origin with it), and its body is the one read
 * and bounded here (none when refused).
 */
function publicRequest(raw: Request, origin: string, body: PageBody): Request {
  const url = new URL(raw.url);
  const publicUrl = `${origin}${url.pathname}${url.search}`;
  const method = raw.method;
  if (publicUrl === raw.url && (method === "GET" || method === "HEAD")) return raw;
  const headers = new Headers(raw.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const content = body.ok && body.body ? body.body : undefined;
  if (!body.ok) headers.delete("content-type");
  return new Request(publicUrl, { method, headers, body: content, signal: raw.signal });
}

const refusals = {
  400: "Bad Request",
  405: "Method Not Allowed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
} as const;
