import type { HttpBindings } from "@hono/node-server";
import { type Context, type Handler, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { ServerBuild } from "react-router";
import type { IntakePort } from "#app/shared/app-context.ts";
import {
  beaconPath,
  intakePath,
  loggablePath,
  portalPaths,
  teamCutUploadsPath,
  teamPaths,
} from "#app/shared/paths.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { mountMetrics } from "../metrics/http-metrics.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { PortalServer } from "../portal/start-portal.ts";
import type { TeamServer } from "../team/start-team.ts";
import type { AppEnv } from "./app-env.ts";
import { closeUnreadBodies } from "./close-unread-bodies.ts";
import {
  type InlineStylesheets,
  type PrerenderedPages,
  sendPrerenderedPage,
} from "./prerendered-pages.ts";
import { publicRequestOf } from "./proxy-trust.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { securityHeaders } from "./security-headers.ts";
import { seoRoutes } from "./seo-routes.ts";
import { staticFiles } from "./static-files.ts";
import { guardedBody, streamedBody } from "./streamed-body.ts";

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The intake endpoint (`/functions/v1/send-onboarding-email`), mounted as is. */
  intakeApi?: Hono<AppEnv>;
  /** What route actions call to take an application (the no-JavaScript form path). */
  intake?: IntakePort;
  /** The team's side (/team): its guard, the passkey endpoints, its port for route modules. */
  team?: TeamServer;
  /** The client portal (/portal): its guard and port; its team side goes to members only. */
  portal?: PortalServer;
  /**
   * POST /team/inbound-email: raw messages from a mail provider, with a bearer token instead
   * of a session: mounted before the team's guard, for that exact path only.
   */
  inboundEmail?: Handler<AppEnv>;
  /** Visits: the pages' counter (absent: ANALYTICS=off) and POST /beacon. */
  visits?: {
    countPages?: MiddlewareHandler<AppEnv>;
    beacon: Handler<AppEnv>;
    /** What a rendered /onboarding carries for its beacons (POST /beacon checks it). */
    beaconToken?: (c: Context) => Promise<string | undefined>;
  };
  health: () => Promise<{ ok: boolean; database: string }>;
  /** Counters and gauges for /metrics; absent (and /metrics a 404) unless METRICS_TOKEN is set. */
  metrics?: Metrics;
  loadBuild: () => Promise<ServerBuild>;
  prerendered: PrerenderedPages;
  /** The stylesheets inlined into server-rendered pages (absent: they link it). */
  inlineCss?: InlineStylesheets;
  mode?: "production" | "development";
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, logger, prerendered } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const reqId = c.get("requestId");
    // Every answer names its request (responses made whole elsewhere, as React Router's, too):
    // what a visitor reports is then the key to the log lines of their request.
    if (!c.res.headers.has("X-Request-Id")) {
      try {
        c.res.headers.set("X-Request-Id", reqId);
      } catch {
        // Immutable headers (Response.redirect): the log line still has the id.
      }
    }
    const line = { reqId, method: c.req.method, path: loggablePath(c.req.path) };
    const ms = () => Math.round((performance.now() - started) * 10) / 10;
    // The connection the answer goes out on (absent when a test calls the app directly).
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (!outgoing) {
      logger.info({ ...line, status: c.res.status, ms: ms() });
      return;
    }
    // The status that went out, once it has (or the connection ended first: `complete` false).
    outgoing.once("close", () => {
      const complete = outgoing.writableFinished;
      logger.info({
        ...line,
        status: outgoing.headersSent ? outgoing.statusCode : c.res.status,
        ms: ms(),
        ...(complete ? {} : { complete: false }),
        ...(c.get("answerFailed") ? { failed: "after_headers" } : {}),
      });
    });
  });
  app.use(closeUnreadBodies);
  app.use(
    securityHeaders(
      config,
      (path) => prerendered.get(path)?.scriptHashes,
      (c) => publicRequestOf(c, config.TRUST_PROXY).protocol === "https",
    ),
  );
  app.use(compress());
  // Inside compress, so that a failure is seen before any compressed byte is made of it.
  app.use(async (c, next) => {
    await next();
    const reqId = c.get("requestId");
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    const body = streamedBody(c.res);
    if (body) {
      // A streamed answer (a page, an export) that fails: one error line with the request id,
      // never a raw stack; before its first chunk, a 500; after it, the connection is ended.
      const guarded = await guardedBody(body, (error) => {
        c.set("answerFailed", true);
        logger.error({ reqId, err: error }, "the answer failed after its headers were sent");
        if (!outgoing) return "error";
        outgoing.destroy();
        return "end";
      });
      if (guarded.ok) c.res = new Response(guarded.body, c.res);
      else {
        logger.error({ reqId, err: guarded.error }, "unhandled error");
        // The answer's security headers stay; what described its body goes with it.
        const headers = new Headers(c.res.headers);
        for (const name of ["Content-Encoding", "Content-Length", "Content-Disposition", "ETag"]) {
          headers.delete(name);
        }
        headers.set("Content-Type", "application/json");
        headers.set("Cache-Control", "no-store");
        const answer = { ok: false, error: "internal_error", requestId: reqId };
        c.res = new Response(JSON.stringify(answer), { status: 500, headers });
      }
    }
  });
  mountMetrics(app, { metrics: deps.metrics, token: config.METRICS_TOKEN });
  // Machine to machine: no session, no origin. Hono matches this path exactly (case and
  // trailing slash included): any other spelling goes on to the guard like every /team path.
  if (deps.inboundEmail) app.post(teamPaths.inboundEmail, deps.inboundEmail);
  if (deps.team) app.use(deps.team.guard);
  if (deps.portal) app.use(deps.portal.guard);
  if (deps.visits?.countPages) app.use(deps.visits.countPages);

  app.onError((error, c) => {
    logger.error({ reqId: c.get("requestId"), err: error }, "unhandled error");
    return c.json({ ok: false, error: "internal_error", requestId: c.get("requestId") }, 500);
  });

  app.get("/healthz", async (c) => {
    const health = await deps.health().catch(() => ({ ok: false, database: "unreachable" }));
    c.header("Cache-Control", "no-store");
    return c.json({ status: health.ok ? "ok" : "unhealthy", ...health }, health.ok ? 200 : 503);
  });
  if (deps.intakeApi) app.route(intakePath, deps.intakeApi);
  if (deps.visits) {
    app.post(beaconPath, deps.visits.beacon);
    app.all(beaconPath, (c) => c.body(null, 405, { Allow: "POST" }));
  }
  if (deps.team) app.route(teamPaths.auth, deps.team.authRoutes);
  if (deps.portal) {
    const uploads = deps.portal.uploads;
    // The Node request beside the web one: tus reads a PATCH's body from it (node-body.ts).
    const incoming = (c: Context<AppEnv>) => (c.env as Partial<HttpBindings> | undefined)?.incoming;
    app.all(portalPaths.uploads, (c) => uploads(c.req.raw, incoming(c)));
    app.all(`${portalPaths.uploads}/*`, (c) => uploads(c.req.raw, incoming(c)));
    // The team's cuts (decision 0091): behind the team's guard, and its own session check.
    const cuts = deps.portal.cutUploads;
    app.all(teamCutUploadsPath, (c) => cuts(c.req.raw, incoming(c)));
    app.all(`${teamCutUploadsPath}/*`, (c) => cuts(c.req.raw, incoming(c)));
  }
  app.route("/", seoRoutes(config));

  for (const [path, page] of prerendered) app.get(path, (c) => sendPrerenderedPage(c, page));
  app.use(staticFiles(config.buildDir));
  app.all(
    "*",
    reactRouterHandler({
      loadBuild: deps.loadBuild,
      mode: deps.mode ?? "production",
      intake: deps.intake,
      team: deps.team ? (request) => deps.team?.portFor(request) : undefined,
      portal: deps.portal ? (request) => deps.portal?.portFor(request) : undefined,
      trustProxy: config.TRUST_PROXY,
      inlineCss: deps.inlineCss,
      beaconToken: deps.visits?.beaconToken,
      logger,
    }),
  );
  return app;
}
