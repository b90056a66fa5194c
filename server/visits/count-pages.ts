import type { MiddlewareHandler } from "hono";
import { paths, teamPaths } from "#app/shared/paths.ts";
import { resolvePlan } from "#app/shared/schema.ts";
import type { TrustProxy } from "../http/proxy-trust.ts";
import { isCountable, visitorFacts } from "./counted-request.ts";
import type { VisitCounter } from "./visit-counter.ts";
import { visitSourceOf } from "./visit-source.ts";

const pages = new Set<string>([paths.home, paths.onboarding, paths.thankYou]);
const notPages = [teamPaths.inbox, "/assets/", "/functions/", "/healthz", "/metrics"];

/**
 * The public page a GET answered, as counted: "/", "/onboarding", "/thank-you" (200, or 304 to
 * a revisit), or "404" for the not-found page; undefined for anything else.
 */
export function countedPage(path: string, status: number, type: string | null) {
  if (pages.has(path)) return status === 200 || status === 304 ? path : undefined;
  if (status !== 404 || !type?.startsWith("text/html")) return undefined;
  const lower = path.toLowerCase();
  return notPages.some((prefix) => lower.startsWith(prefix)) ? undefined : "404";
}

/**
 * Counts each public page as it is served, after the answer is made (the page never waits):
 * GET only (HEAD is no visit), and only a person's (isCountable). Where the visitor came from
 * is read from the page's URL (utm_*) and the Referer; the plan from /onboarding's `plan`.
 */
export function countPages(counter: VisitCounter, trust: TrustProxy): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    const page = countedPage(c.req.path, c.res.status, c.res.headers.get("content-type"));
    if (!page || !isCountable(c.req.raw.headers)) return;
    const facts = visitorFacts(c, trust);
    const params = new URL(c.req.url).searchParams;
    counter.count(facts, {
      page,
      source: visitSourceOf(params, c.req.header("referer"), facts.host),
      plan: page === paths.onboarding ? resolvePlan(params.get("plan")) : undefined,
    });
  };
}
