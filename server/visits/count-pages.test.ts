import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { beaconPath } from "#app/shared/paths.ts";
import type { AppEnv } from "../http/app-env.ts";
import { beaconHandler } from "./beacon.ts";
import { countedPage, countPages } from "./count-pages.ts";
import type { VisitCounter, VisitHit, VisitorFacts } from "./visit-counter.ts";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

function counted() {
  const hits: { facts: VisitorFacts; hit: VisitHit }[] = [];
  const counter: VisitCounter = {
    count: (facts, hit) => hits.push({ facts, hit }),
    lookup: async () => undefined,
    beaconToken: async () => "token-of-the-page",
    verify: async (_facts, token) => token === "token-of-the-page",
    flush: async () => {},
    pending: () => hits.length,
  };
  const app = new Hono<AppEnv>();
  app.use(countPages(counter, () => false));
  app.post(
    beaconPath,
    beaconHandler(counter, () => false),
  );
  app.get("/", (c) => c.html("<h1>Home</h1>"));
  app.get("/onboarding", (c) => c.html("<h1>Questionnaire</h1>"));
  app.get("*", (c) => c.html("<h1>Oops! Page not found</h1>", 404));
  return { app, hits };
}

const get = (app: Hono<AppEnv>, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://reelsmith.example${path}`, { headers: { "User-Agent": chrome, ...headers } });

describe("counting pages", () => {
  it("counts /, /onboarding with its plan and source, and the 404 page", async () => {
    const { app, hits } = counted();
    await get(app, "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring", {
      Referer: "https://www.news.example/story",
    });
    await get(app, "/onboarding?plan=influencer");
    await get(app, "/nothing-here");
    expect(hits.map(({ hit }) => [hit.page, hit.source?.source, hit.plan])).toEqual([
      ["/", "newsletter", undefined],
      ["/onboarding", "(direct)", "Influencer"],
      ["404", "(direct)", undefined],
    ]);
    expect(hits[0]?.hit.source).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      referrer: "news.example",
    });
    expect(hits[0]?.facts).toEqual({ ip: "", userAgent: chrome, host: "reelsmith.example" });
  });

  it("does not count bots, prefetches, prerenders, members, HEAD, or what is no page", async () => {
    const { app, hits } = counted();
    await get(app, "/", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    await get(app, "/", { "User-Agent": "" });
    await get(app, "/", { "Sec-Purpose": "prefetch" });
    await get(app, "/onboarding", { "Sec-Purpose": "prefetch;prerender" });
    await get(app, "/", { Cookie: "team.session_token=abc" });
    await app.request("http://reelsmith.example/", {
      method: "HEAD",
      headers: { "User-Agent": chrome },
    });
    await get(app, "/assets/missing.js");
    await get(app, "/team/nothing");
    expect(hits).toEqual([]);
  });

  it("names the page a response is", () => {
    expect(countedPage("/", 304, null)).toBe("/");
    expect(countedPage("/", 500, "text/html")).toBeUndefined();
    expect(countedPage("/x", 404, "text/plain")).toBeUndefined();
  });
});

describe("the beacon", () => {
  const token = "token-of-the-page";
  const post = (app: Hono<AppEnv>, body: string, headers: Record<string, string> = {}) =>
    app.request(`http://reelsmith.example${beaconPath}`, {
      method: "POST",
      body,
      headers: {
        "User-Agent": chrome,
        Origin: "http://reelsmith.example",
        "Content-Type": "application/json",
        ...headers,
      },
    });

  it("counts a prerendered /onboarding shown, and the question started (its name only)", async () => {
    const { app, hits } = counted();
    const view = { type: "view", path: "/onboarding?plan=Enterprise", referrer: "", token };
    expect((await post(app, JSON.stringify(view))).status).toBe(204);
    const start = { type: "start", question: "accountHandle", value: "what was typed", token };
    expect((await post(app, JSON.stringify(start))).status).toBe(204);
    expect(hits.map(({ hit }) => hit)).toEqual([
      expect.objectContaining({ page: "/onboarding", plan: "Enterprise" }),
      { question: "account_handle" }, // its stable key, not its place in the form
    ]);
  });

  it("refuses other origins, other types, large bodies and what is no beacon", async () => {
    const { app, hits } = counted();
    const start = JSON.stringify({ type: "start", question: "name" });
    expect((await post(app, start, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post(app, start, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post(app, start, { "Content-Type": "text/plain" })).status).toBe(415);
    expect(
      (await post(app, `{"type":"start","question":"name","x":"${"a".repeat(2000)}"}`)).status,
    ).toBe(413);
    expect((await post(app, '{"type":"start","question":"password"}')).status).toBe(400);
    const thankYou = { type: "view", path: "/thank-you", referrer: "", token };
    expect((await post(app, JSON.stringify(thankYou))).status).toBe(400);
    expect((await post(app, "not json")).status).toBe(400);
    expect(hits).toEqual([]);
  });

  it("counts no beacon without the token of a page served to the visitor (a script with a matching Origin)", async () => {
    const { app, hits } = counted();
    const start = { type: "start", question: "name" };
    expect((await post(app, JSON.stringify(start))).status).toBe(403);
    expect((await post(app, JSON.stringify({ ...start, token: "made-up" }))).status).toBe(403);
    const view = { type: "view", path: "/onboarding", referrer: "", token: 7 };
    expect((await post(app, JSON.stringify(view))).status).toBe(403);
    expect(hits).toEqual([]);
  });

  it("takes a bot's beacon and counts nothing", async () => {
    const { app, hits } = counted();
    const start = JSON.stringify({ type: "start", question: "name" });
    expect((await post(app, start, { "User-Agent": "curl/8.5.0" })).status).toBe(204);
    expect(hits).toEqual([]);
  });
});
