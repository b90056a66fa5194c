import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import { maxTeamFormBytes } from "../http/page-body.ts";
import { expectSentToSignIn } from "../test/guard.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { pendingApplication } from "../test/stored.ts";

// The guard in front of /team, over HTTP against the real server (no build: the pages
// themselves are not rendered here; the guard answers before them). tests/e2e covers the pages.
describe("the /team guard", () => {
  let server: TestServer;
  let origin: string;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer();
    origin = new URL(server.url).origin;
    const stored = pendingApplication();
    id = stored.row.id;
    const database = server.openDatabase();
    await storeApplications(database.db, [stored]);
    await database.close();
  });
  afterAll(() => server?.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
      redirect: "manual",
    });

  it("redirects every team page without a session to the sign-in page, never cached nor indexed", async () => {
    for (const path of [
      "/team",
      "/team/",
      `/team/applications/${id}`,
      "/team/export?format=csv",
      "/team/insights?days=90",
      "/team/insights/export?days=28",
      // A client's request page lists the client's footage.
      `/team/clients/${id}/requests/${id}`,
    ]) {
      expectSentToSignIn(await get(path), path, "/team/sign-in");
    }
  });

  it("guards /team in any letter case, as React Router matches it", async () => {
    for (const path of [
      "/TEAM",
      "/Team",
      "/tEaM/",
      "/TEAM/",
      `/Team/Applications/${id}`,
      `/TEAM/APPLICATIONS/${id.toUpperCase()}`,
      "/team//applications",
      "//team",
      "/%54eam", // %54: T
      "/TEAM/EXPORT?format=csv",
      "/Team/Sign-Out",
    ]) {
      expectSentToSignIn(await get(path), path, "/team/sign-in");
    }
    for (const path of ["/TEAM.data", `/Team/Applications/${id}.data`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("x-remix-redirect"), path).toBe("/team/sign-in");
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
    // An action in another case changes nothing either.
    const forged = { Cookie: "team.session_token=forged.signature", Origin: origin };
    const action = await post(`/TEAM/applications/${id}`, "intent=spam", forged);
    expect(action.status).toBe(303);
    expect(action.headers.get("location")).toBe("/team/sign-in");
    const database = server.openDatabase();
    const row = await database.db
      .selectFrom("submissions")
      .select("isSpam")
      .where("id", "=", id)
      .executeTakeFirst();
    await database.close();
    expect(row).toEqual({ isSpam: 0 });
  });

  it("sends data requests and actions without a session to the sign-in page, and changes nothing", async () => {
    for (const path of [
      "/team.data",
      `/team/applications/${id}.data`,
      `/team/clients/${id}/requests/${id}.data`,
    ]) {
      const answer = await get(path);
      // The redirect React Router's client follows for a data request (JavaScript on).
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("x-remix-redirect"), path).toBe("/team/sign-in");
    }
    const forged = { Cookie: "team.session_token=forged.signature", Origin: origin };
    for (const body of [
      "intent=spam",
      "intent=erase&confirm=yes",
      "intent=status&status=declined",
      "intent=confirm-sender&message=0b9a7c3e-1d2f-4e5a-8b6c-7d8e9f0a1b2c",
      "intent=unmatch&message=0b9a7c3e-1d2f-4e5a-8b6c-7d8e9f0a1b2c",
    ]) {
      const answer = await post(`/team/applications/${id}`, body, forged);
      expect(answer.status, body).toBe(303);
      expect(answer.headers.get("location"), body).toBe("/team/sign-in");
      const data = await post(`/team/applications/${id}.data`, body, forged);
      expect(data.status, body).toBe(204);
      expect(data.headers.get("x-remix-redirect"), body).toBe("/team/sign-in");
    }
    expect((await post("/team/sign-out", "", { Origin: origin })).status).toBe(303);
    const database = server.openDatabase();
    const row = await database.db
      .selectFrom("submissions")
      .select(["status", "isSpam"])
      .where("id", "=", id)
      .executeTakeFirst();
    await database.close();
    expect(row).toEqual({ status: "new", isSpam: 0 });
  });

  it("refuses a state-changing request from another site, or from nowhere, with 403", async () => {
    const evil = { Origin: "https://evil.example" };
    expect((await post("/team/sign-in", "email=maya%40example.com", evil)).status).toBe(403);
    expect((await post(`/team/applications/${id}`, "intent=spam", evil)).status).toBe(403);
    for (const intent of ["confirm-sender", "unmatch"]) {
      const body = `intent=${intent}&message=0b9a7c3e-1d2f-4e5a-8b6c-7d8e9f0a1b2c`;
      expect((await post(`/team/applications/${id}`, body, evil)).status).toBe(403);
    }
    expect((await post("/team/sign-in", "email=maya%40example.com")).status).toBe(403);
    const referer = { Referer: "https://evil.example/page" };
    expect((await post("/team/sign-in", "email=maya%40example.com", referer)).status).toBe(403);
    expect(
      (
        await post("/team/auth/passkey/verify-authentication", "{}", {
          ...evil,
          "Content-Type": "application/json",
        })
      ).status,
    ).toBe(403);
  });

  it("bounds the body of a team request before anything reads it", async () => {
    const big = `email=${"a".repeat(maxTeamFormBytes + 1024)}`;
    expect((await post("/team/sign-in", big, { Origin: origin })).status).toBe(413);
    // Chunked (no Content-Length) too.
    const chunks = new ReadableStream({
      start(controller) {
        const chunk = new TextEncoder().encode("a".repeat(1024));
        for (let i = 0; i < maxTeamFormBytes / 1024 + 4; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/team/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it("serves better-auth's passkey ceremonies only, nothing else of it", async () => {
    const options = await get("/team/auth/passkey/generate-authenticate-options");
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({
      rpId: "localhost",
      challenge: expect.any(String),
    });
    for (const path of [
      "/team/auth/get-session",
      "/team/auth/sign-in/magic-link",
      "/team/auth/magic-link/verify?token=x",
      "/team/auth/ok",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const signUp = await post("/team/auth/sign-up/email", "{}", {
      Origin: origin,
      "Content-Type": "application/json",
    });
    expect(signUp.status).toBe(404);
  });
});
