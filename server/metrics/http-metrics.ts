import type { Hono, MiddlewareHandler } from "hono";
import { intakePath, paths } from "#app/shared/paths.ts";
import type { AppEnv } from "../http/app-env.ts";
import { bearerMatches } from "../http/bearer-token.ts";
import { isTeamPath } from "../http/page-body.ts";
import type { Metrics } from "./metrics.ts";

const knownRoutes = new Set<string>([
  ...Object.values(paths),
  "/healthz",
  "/metrics",
  "/robots.txt",
  "/sitemap.xml",
  "/__manifest",
  intakePath,
]);

/**
 * The route label of a path: one of a fixed set, never the path itself (a label per distinct
 * path would let anyone grow the metrics without bound). React Router's data requests
 * (`/onboarding.data`, `/_root.data`) count as their page.
 */
export function routeLabel(path: string): string {
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  if (knownRoutes.has(page)) return page;
  if (page.startsWith("/assets/")) return "/assets/*";
  if (isTeamPath(path)) return "/team/*";
  if (/^\/[\w-]+\.(ico|png|svg|webmanifest|txt|xml|json)$/.test(page)) return "/:file";
  return "other";
}

const methods = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
const methodLabel = (method: string) => (methods.has(method) ? method : "other");

/** Error codes of the API's JSON answers (`{"ok": false, "error": "…"}`). */
const errorCode = /^[a-z_]{1,40}$/;

/**
 * Mounts what /metrics needs on `app`, after compression (the API's answers are read as JSON)
 * and before the routes: the timing of every request,
 * the counting of the API's answers, and GET /metrics itself, which answers only with
 * `Authorization: Bearer <token>` (compared in constant time) and 401 otherwise. Without
 * METRICS_TOKEN (no `metrics`) /metrics is a 404 and nothing is counted.
 */
export function mountMetrics(app: Hono<AppEnv>, options: { metrics?: Metrics; token?: string }) {
  const { metrics, token } = options;
  if (!metrics || !token) {
    app.get("/metrics", (c) => c.json({ ok: false, error: "not_found" }, 404));
    return;
  }
  app.use(async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.httpAnswered(
        { route: routeLabel(c.req.path), method: methodLabel(c.req.method), status: c.res.status },
        (performance.now() - started) / 1000,
      );
    }
  });
  app.use(intakePath, countApiAnswers(metrics));
  app.get("/metrics", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n", 401);
    }
    const body = await metrics.registry.metrics();
    return c.body(body, 200, { "Content-Type": metrics.registry.contentType });
  });
}

/** Counts the JSON API's answers: 200 accepted, anything else refused by its error code. */
function countApiAnswers(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "POST") return;
    if (c.res.status === 200) {
      metrics.applicationAccepted();
      return;
    }
    let reason = `http_${c.res.status}`;
    try {
      const body = (await c.res.clone().json()) as { error?: unknown };
      if (typeof body.error === "string" && errorCode.test(body.error)) reason = body.error;
    } catch {}
    metrics.applicationRefused(reason);
  };
}

export { bearerMatches };
