import { expect, type Page, test } from "@playwright/test";
import { withAndWithoutJavaScript } from "./helpers/javascript";

// Every page, with scripts on and off: the Content-Security-Policy is sent and Chromium reports
// no violation of it (read from the browser's own log, which works without page JavaScript).
const pages = ["/", "/onboarding", "/onboarding?plan=Enterprise", "/thank-you", "/no-such-page"];
// Never hydrated: the prerendered pages (their inline scripts, if any, allowed by hash) and the
// 404 (its one inline script, which logs the path, by nonce: not-found.spec.ts sees it run).
const pagesWithoutTheApp = ["/", "/thank-you", "/no-such-page"];

async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Log.entryAdded", ({ entry }) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(entry.text)) {
      violations.push(entry.text);
    }
  });
  await cdp.send("Log.enable");
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  for (const path of pages) {
    test(`${path} loads with no CSP violation`, async ({ page }) => {
      const violations = await collectCspViolations(page);
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
      // "load", not "networkidle": every script, style, font and image of the page has come
      // by then, and a loaded 2-core machine can keep some connection busy for 30 s.
      await page.waitForLoadState("load");
      if (javaScriptEnabled && !pagesWithoutTheApp.includes(path)) {
        // Hydrated pages: React Router's inline scripts ran (they would be blocked otherwise).
        await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
      }
      expect(violations).toEqual([]);
    });
  }
});

test("security headers on every kind of response", async ({ request }) => {
  const paths = [
    "/",
    "/onboarding",
    "/thank-you",
    "/no-such-page",
    "/healthz",
    "/robots.txt",
    "/sitemap.xml",
    "/manifest.webmanifest",
    "/favicon.svg",
    "/functions/v1/send-onboarding-email",
  ];
  for (const path of paths) {
    const response = await request.get(path);
    const headers = response.headers();
    expect.soft(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect.soft(headers["content-security-policy"], path).not.toContain("'unsafe-inline' 'self'");
    expect.soft(headers["x-content-type-options"], path).toBe("nosniff");
    expect.soft(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect.soft(headers["permissions-policy"], path).toContain("camera=()");
    expect.soft(headers["x-powered-by"], path).toBeUndefined();
    // Only the team's side is cut off from other sites' windows (decision 0029).
    expect.soft(headers["cross-origin-opener-policy"], path).toBeUndefined();
  }
  for (const path of ["/team", "/team/sign-in"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect.soft(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
    expect.soft(response.headers()["content-security-policy"], path).toContain("frame-ancestors");
  }
});

test("server-rendered pages carry the response's nonce on every inline script", async ({
  request,
}) => {
  const response = await request.get("/onboarding");
  const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const attributes of inlineScripts) {
    if (/application\/ld\+json/.test(attributes ?? "")) continue;
    expect(attributes).toContain(`nonce="${nonce}"`);
  }
});
