import type { Context } from "hono";
import { fieldKeyOf } from "#app/shared/fields.ts";
import { paths } from "#app/shared/paths.ts";
import { resolvePlan } from "#app/shared/schema.ts";
import type { AppEnv } from "../http/app-env.ts";
import { publicRequestOf, type TrustProxy } from "../http/proxy-trust.ts";
import { countedPage } from "./count-pages.ts";
import { isCountable, visitorFacts } from "./counted-request.ts";
import type { VisitCounter, VisitorFacts } from "./visit-counter.ts";
import { visitSourceOf } from "./visit-source.ts";

/** The largest beacon taken: `{"type":"view","path":…,"referrer":…}` fits many times. */
export const maxBeaconBytes = 1024;

/**
 * What /onboarding may say: its prerendered page was shown, or a question was started; with
 * the token the page was served with (a beacon has a page behind it).
 */
export type Beacon = (
  | { type: "view"; path: string; referrer: string }
  | { type: "start"; question: string }
) & { token: string };

/** A beacon's JSON, or undefined when it is none (unknown type, question or page). */
export function parseBeacon(text: string): Beacon | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const token = typeof value?.token === "string" ? value.token : "";
    if (value?.type === "start" && fieldKeyOf(String(value.question)) !== undefined) {
      return { type: "start", question: value.question as string, token };
    }
    if (value?.type === "view" && typeof value.path === "string" && value.path.startsWith("/")) {
      const referrer = typeof value.referrer === "string" ? value.referrer : "";
      return { type: "view", path: value.path, referrer, token };
    }
  } catch {}
  return undefined;
}

/**
 * POST /beacon: 204 for a beacon taken (counted or not: a bot, a member or ANALYTICS=off
 * learn nothing), 403 from another origin or without the token of a page served to this
 * visitor today, 415 not JSON, 413 over 1 KiB (read no further), 400 not a beacon. The body
 * is bounded before it is parsed.
 *
 * The token is what holds without a cookie: an Origin header is anyone's to send, but the
 * token is an HMAC of the visitor (address, User-Agent, host) under the day's secret, given
 * only in a page the server rendered for that visitor; so every beacon has a page view behind
 * it, from the same client, the same day (decision 0066).
 */
export function beaconHandler(counter: VisitCounter | undefined, trust: TrustProxy) {
  return async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-store");
    const site = publicRequestOf(c, trust).origin;
    const fetchSite = c.req.header("sec-fetch-site");
    if (c.req.header("origin") !== site || (fetchSite && fetchSite !== "same-origin")) {
      return c.body(null, 403);
    }
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") return c.body(null, 415);
    const text = await boundedText(c.req.raw, maxBeaconBytes);
    if (text === undefined) {
      c.header("Connection", "close");
      return c.body(null, 413);
    }
    const beacon = parseBeacon(text);
    if (!beacon) return c.body(null, 400);
    if (!counter || !isCountable(c.req.raw.headers)) return c.body(null, 204);
    const facts = visitorFacts(c, trust);
    if (!(await tokenHolds(counter, facts, beacon.token))) return c.body(null, 403);
    if (beacon.type === "start") {
      counter.count(facts, { question: fieldKeyOf(beacon.question) });
      return c.body(null, 204);
    }
    const url = new URL(beacon.path, site);
    const page = countedPage(url.pathname, 200, "text/html");
    if (page !== paths.onboarding) return c.body(null, 400);
    counter.count(facts, {
      page,
      source: visitSourceOf(url.searchParams, beacon.referrer, facts.host),
      plan: resolvePlan(url.searchParams.get("plan")),
    });
    return c.body(null, 204);
  };
}

/** Whether the token is today's for this visitor (a database that cannot say: no). */
async function tokenHolds(counter: VisitCounter, facts: VisitorFacts, token: string) {
  if (!token) return false;
  try {
    return await counter.verify(facts, token);
  } catch {
    return false;
  }
}

/** The body as text, or undefined once it is longer than `max` bytes (read no further). */
async function boundedText(request: Request, max: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
