import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPortalPath } from "../http/page-body.ts";
import { expectSentToSignIn } from "../test/guard.ts";
import { startTestServer, type TestServer } from "../test/server.ts";

// The guard in front of /portal, over HTTP against the real server (no build: the guard answers
// before the pages; tests/e2e/portal-access.spec.ts covers them with sessions).
describe("the /portal guard", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_SITE_URL: "http://localhost:3000" });
  });
  afterAll(() => server?.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });

  it("sends every portal page without a session to its sign-in page, in any spelling, never cached", async () => {
    for (const path of [
      "/portal",
      "/portal/",
      "/PORTAL",
      "/Portal/x",
      "//portal",
      "/portal/sign-out",
    ]) {
      expectSentToSignIn(await get(path), path, "/portal/sign-in");
    }
    const data = await get("/portal.data");
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe("/portal/sign-in");
  });

  it("takes neither a team session's cookie nor a made-up portal one for a session", async () => {
    for (const cookie of [
      "team.session_token=abc.def",
      "portal_session=made-up-token",
      `portal_session=${"x".repeat(300)}`,
    ]) {
      const answer = await get("/portal", { cookie });
      expect(answer.status, cookie).toBe(302);
    }
  });

  it("refuses a state change from another origin (403) before anything runs", async () => {
    const cases: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { referer: "https://evil.example/x" },
      {},
    ];
    for (const headers of cases) {
      const answer = await fetch(`${server.url}/portal/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "email=a%40example.com",
        redirect: "manual",
      });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it("lets the sign-in pages through without a session (the pages themselves need the build)", async () => {
    for (const path of ["/portal/sign-in", "/portal/sign-in/link?token=x", "/PORTAL/SIGN-IN/"]) {
      expect((await get(path)).headers.get("location"), path).toBeNull();
    }
  });

  it("knows the portal's paths as React Router matches them, and no other", () => {
    expect(
      ["/portal", "/portal.data", "/Portal/", "/portal/sign-in", "//portal//x"].map(isPortalPath),
    ).toEqual([true, true, true, true, true]);
    expect(["/portals", "/portal-x", "/team", "/", "/onboarding"].map(isPortalPath)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
