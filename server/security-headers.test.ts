import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

function appWith(https: boolean) {
  const hashes = new Map([["/static-page", ["sha256-abc="]]]);
  const app = new Hono();
  app.use(securityHeaders({ https, NODE_ENV: "production" }, (path) => hashes.get(path)));
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
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("permissions-policy")).toContain("microphone=()");
  });

  it("lets Vite's hot reload connect only under npm run dev", async () => {
    const dev = new Hono();
    dev.use(securityHeaders({ https: false, NODE_ENV: "development" }, () => undefined));
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
