import path from "node:path";
import SQLite from "better-sqlite3";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { listen } from "./http-server.ts";
import { securityHeaders } from "./security-headers.ts";

/** An app behind the headers (production unless `NODE_ENV`; /static-page prerendered), no routes yet. */
function guarded(options: { https?: boolean; NODE_ENV?: "development" | "production" } = {}) {
  const hashes = new Map([["/static-page", ["sha256-abc="]]]);
  const app = new Hono();
  app.use(
    securityHeaders(
      { NODE_ENV: options.NODE_ENV ?? "production" },
      (path) => hashes.get(path),
      () => options.https ?? false,
    ),
  );
  return app;
}

/** The headers' app answering "ok" on every path. */
function appWith(https: boolean) {
  const app = guarded({ https });
  app.get("*", (c) => c.text("ok"));
  return app;
}

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? "").split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name ?? "", values.join(" ")];
    }),
  );
}

describe("securityHeaders", () => {
  it("sets a strict policy on every response", async () => {
    const res = await appWith(false).request("/anything");
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("script-src")).not.toContain("unsafe-inline");
    expect(csp.get("script-src")).not.toContain("unsafe-eval");
    expect(csp.get("connect-src")).toBe("'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("permissions-policy")).toContain("microphone=()");
  });

  it("cuts the team's side off from other sites' windows (COOP), and only it", async () => {
    const coop = async (path: string) =>
      (await appWith(false).request(path)).headers.get("cross-origin-opener-policy");
    for (const path of [
      "/team",
      "/team/sign-in",
      "/TEAM//insights",
      "/team.data",
      "/team/auth/x",
    ]) {
      expect(await coop(path), path).toBe("same-origin");
    }
    for (const path of [
      "/",
      "/onboarding",
      "/thank-you",
      "/teams",
      "/no-such-page",
      "/favicon.svg",
    ]) {
      expect(await coop(path), path).toBeNull();
    }
    expect((await appWith(true).request("/team")).headers.get("cross-origin-opener-policy")).toBe(
      "same-origin",
    );
  });

  it("lets Vite's hot reload connect only under npm run dev", async () => {
    const dev = guarded({ NODE_ENV: "development" });
    dev.get("*", (c) => c.text("ok"));
    const csp = directives((await dev.request("/")).headers.get("content-security-policy"));
    expect(csp.get("connect-src")).toBe("'self' ws:");
  });

  it("allows server-rendered inline scripts by a fresh nonce per response", async () => {
    const app = appWith(false);
    const nonceOf = async () =>
      directives((await app.request("/page")).headers.get("content-security-policy"))
        .get("script-src")
        ?.match(/'nonce-([^']+)'/)?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(second).not.toBe(first);
  });

  it("allows a prerendered page's inline scripts by their hashes, without a nonce", async () => {
    const res = await appWith(false).request("/static-page");
    const scriptSrc = directives(res.headers.get("content-security-policy")).get("script-src");
    expect(scriptSrc).toBe("'self' 'sha256-abc='");
  });

  it("sends HSTS and upgrades insecure requests only when served over HTTPS", async () => {
    const plain = await appWith(false).request("/");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    const secure = await appWith(true).request("/");
    expect(secure.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});

describe("an answer's own policy", () => {
  it("wins over the site's, over HTTP (the attachment's `default-src 'none'; sandbox`)", async () => {
    const app = guarded();
    const own = "default-src 'none'; sandbox";
    app.get("/team/attachments/x", (c) => c.body("bytes", 200, { "Content-Security-Policy": own }));
    app.get("/team/other", (c) => c.text("page"));
    const server = await listen(
      app.fetch,
      loadConfig({ PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test" }),
    );
    try {
      const attachment = await fetch(`${server.url}/team/attachments/x`);
      expect(attachment.headers.get("content-security-policy")).toBe(own);
      // The rest of the site's headers still come with it.
      expect(attachment.headers.get("x-content-type-options")).toBe("nosniff");
      expect(attachment.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      const other = await fetch(`${server.url}/team/other`);
      expect(directives(other.headers.get("content-security-policy")).get("default-src")).toBe(
        "'self'",
      );
    } finally {
      await server.close();
    }
  });
});

describe("HSTS per request (the public scheme, through trusted proxies only)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "loopback" });
  });
  afterAll(() => server.stop());

  const hsts = async (headers: Record<string, string>) =>
    (await fetch(`${server.url}/healthz`, { headers })).headers.get("strict-transport-security");

  it("sends HSTS when the trusted proxy says the visitor came over https, and only then", async () => {
    expect(await hsts({ "X-Forwarded-Proto": "https" })).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(await hsts({ "X-Forwarded-Proto": "http" })).toBeNull();
    expect(await hsts({})).toBeNull();
  });

  it("believes no X-Forwarded-Proto from a peer it does not trust", async () => {
    const untrusting = await startTestServer({ TRUST_PROXY: "10.0.0.1" });
    try {
      const response = await fetch(`${untrusting.url}/healthz`, {
        headers: { "X-Forwarded-Proto": "https" },
      });
      expect(response.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await untrusting.stop();
    }
  });
});

/** The headers every response carries, whatever answered it (the API, an error, a preflight). */
function expectSecurityHeaders(response: Response, what: string) {
  const csp = directives(response.headers.get("content-security-policy"));
  expect.soft(csp.get("frame-ancestors"), what).toBe("'none'");
  expect.soft(csp.get("default-src"), what).toBe("'self'");
  expect.soft(csp.get("script-src"), what).not.toContain("unsafe-inline");
  expect.soft(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect
    .soft(response.headers.get("referrer-policy"), what)
    .toBe("strict-origin-when-cross-origin");
  expect.soft(response.headers.get("permissions-policy"), what).toContain("camera=()");
  expect.soft(response.headers.get("x-powered-by"), what).toBeNull();
}

describe("security headers on every kind of answer of the API", () => {
  const origin = "https://pages.reelsmith.example";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_HOUR: "1", ALLOWED_ORIGINS: origin });
  });
  afterAll(() => server.stop());

  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(server.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    });
  const preflight = (from: string) =>
    fetch(server.endpoint, {
      method: "OPTIONS",
      headers: { Origin: from, "Access-Control-Request-Method": "POST" },
    });

  it.each([
    ["200 accepted", 200, () => post(JSON.stringify(validApplication()))],
    ["429 rate limited", 429, () => post(JSON.stringify(validApplication()))],
    ["400 invalid answers", 400, () => post(JSON.stringify({ name: "M" }))],
    ["400 not JSON", 400, () => post("{")],
    ["413 too large", 413, () => post(JSON.stringify({ goals: "x".repeat(40_000) }))],
    ["415 not JSON", 415, () => post("name=Maya", { "Content-Type": "text/plain" })],
    ["405 GET", 405, () => fetch(server.endpoint)],
    ["405 PUT", 405, () => fetch(server.endpoint, { method: "PUT" })],
    ["204 preflight, allowed origin", 204, () => preflight(origin)],
    ["204 preflight, refused origin", 204, () => preflight("https://evil.example")],
    ["200 /healthz", 200, () => fetch(`${server.url}/healthz`)],
    ["200 /robots.txt", 200, () => fetch(`${server.url}/robots.txt`)],
  ] as const)("%s", async (what, status, request) => {
    const response = await request();
    expect(response.status).toBe(status);
    expectSecurityHeaders(response, what);
  });

  it("401 without the key of INTAKE_API_KEY", async () => {
    const keyed = await startTestServer({ INTAKE_API_KEY: "publishable-intake-key-0123456789" });
    try {
      const response = await keyed.submit(validApplication());
      expect(response.status).toBe(401);
      expectSecurityHeaders(response, "401 unauthorized");
    } finally {
      await keyed.stop();
    }
  });

  it("503 while the database is unavailable", async () => {
    const locked = await startTestServer();
    const other = new SQLite(path.join(locked.dataDir, "reelsmith.db"));
    try {
      // Running first (its jobs' first writes done: each would wait out the busy timeout ahead
      // of the application), then the write lock taken, held past the 2 s busy timeout.
      expect((await locked.submit(validApplication())).status).toBe(200);
      other.exec("BEGIN IMMEDIATE");
      const response = await locked.submit(validApplication());
      expect(response.status).toBe(503);
      expectSecurityHeaders(response, "503 unavailable");
    } finally {
      other.exec("ROLLBACK");
      other.close();
      await locked.stop();
    }
  });
});
