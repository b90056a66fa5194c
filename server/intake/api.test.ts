import http from "node:http";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { fields, messages } from "#app/shared/schema.ts";
import { describeEachBackend } from "../test/backends.ts";
import { validApplication } from "../test/fixtures.ts";
import { serverOn, startTestServer, type TestServer } from "../test/server.ts";
import { sleep } from "../test/wait.ts";
import { maxBodyBytes } from "./api.ts";
import { missingKeyMessage } from "./api-key.ts";
import { hostedClientHeaders } from "./client-headers.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const allowedOrigin = "https://pages.reelsmith.example";

/** The answer's status and JSON body; every answer of the endpoint must be JSON. */
async function answer(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
  return { status: response.status, body, headers: response.headers };
}

describe("intake endpoint (HTTP)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALLOWED_ORIGINS: `${allowedOrigin}, https://other.example` });
  });
  afterAll(() => server.stop());

  it("answers 200 with the new application's id", async () => {
    const { status, body, headers } = await answer(await server.submit(validApplication()));
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, id: expect.stringMatching(uuid) });
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("answers 400 with the form's messages for each invalid field", async () => {
    const { status, body } = await answer(
      await server.submit(
        validApplication({
          name: " M ",
          email: "not-an-email",
          goals: "short",
          accountType: "robot",
          selectedPlan: "Platinum",
        }),
      ),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      error: "validation_failed",
      fieldErrors: {
        name: [messages.name],
        email: [messages.email],
        goals: [messages.goals],
        accountType: [messages.accountType],
        selectedPlan: [messages.selectedPlan],
      },
    });
  });

  it("answers 400 for missing fields and over-long ones", async () => {
    const missing = await answer(await server.submit({ email: "maya@example.com" }));
    expect(missing.status).toBe(400);
    // Every field that may not be left out (its descriptor), but the email that was sent.
    expect(Object.keys(missing.body.fieldErrors as object).sort()).toEqual(
      fields
        .filter((field) => !("optional" in field) && field.name !== "email")
        .map((field) => field.name)
        .sort(),
    );
    expect(missing.body.fieldErrors).toMatchObject({
      name: [messages.name],
      goals: [messages.goals],
    });
    const long = await answer(await server.submit(validApplication({ name: "x".repeat(101) })));
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ name: ["Name must be at most 100 characters"] });
  });

  it.each([
    ["malformed JSON", "{ name: 'Maya'"],
    ["an array", "[1,2]"],
    ["null", "null"],
    ["a string", '"hello"'],
    ["an empty body", ""],
  ])("answers 400 invalid_json for %s", async (_what, raw) => {
    const response = await fetch(server.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: raw,
    });
    const { status, body } = await answer(response);
    expect(status).toBe(400);
    expect(body).toEqual({ ok: false, error: "invalid_json" });
  });

  it("answers 400 invalid_json for bytes that are not UTF-8, and stores nothing", async () => {
    const text = JSON.stringify(validApplication({ name: "Maya XX Lopez" }));
    const [before, after] = text.split("XX");
    for (const bytes of [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const response = await fetch(server.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: Buffer.concat([
          Buffer.from(before ?? ""),
          Buffer.from(bytes),
          Buffer.from(after ?? ""),
        ]),
      });
      const { status, body } = await answer(response);
      expect(status).toBe(400);
      expect(body).toEqual({ ok: false, error: "invalid_json" });
    }
  });

  it("answers 413 for a body over 32 KiB", async () => {
    const big = validApplication({ goals: "x".repeat(maxBodyBytes) });
    const { status, body } = await answer(await server.submit(big));
    expect(status).toBe(413);
    expect(body).toEqual({ ok: false, error: "payload_too_large" });
  });

  it("answers 413 for a chunked body over 32 KiB without Content-Length", async () => {
    const result = await new Promise<{
      status: number;
      body: string;
      type: string;
      connection: string | undefined;
    }>((resolve, reject) => {
      const request = http.request(server.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            type: String(response.headers["content-type"]),
            connection: response.headers.connection,
          }),
        );
      });
      request.on("error", reject);
      const chunk = `"${"x".repeat(4096)}",`;
      request.write('{"goals":[');
      for (let i = 0; i < 10; i++) request.write(chunk);
      request.end('""]}');
    });
    expect(result.status).toBe(413);
    expect(result.type).toMatch(/^application\/json/);
    expect(JSON.parse(result.body)).toEqual({ ok: false, error: "payload_too_large" });
    // The rest of the upload is abandoned with the connection: the client is told so.
    expect(result.connection).toBe("close");
  });

  it.each([
    ["text/plain", "text/plain"],
    ["a form post", "application/x-www-form-urlencoded"],
    ["no content type", undefined],
  ])("answers 415 for %s", async (_what, type) => {
    const response = await fetch(server.endpoint, {
      method: "POST",
      headers: type ? { "Content-Type": type } : {},
      body: type ? JSON.stringify(validApplication()) : new Uint8Array([123, 125]),
    });
    const { status, body } = await answer(response);
    expect(status).toBe(415);
    expect(body).toEqual({ ok: false, error: "unsupported_media_type" });
  });

  it("accepts application/json with a charset", async () => {
    const response = await fetch(server.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(validApplication()),
    });
    expect((await answer(response)).status).toBe(200);
  });

  it.each(["GET", "PUT", "DELETE", "PATCH"])("answers 405 with Allow to %s", async (method) => {
    const response = await fetch(server.endpoint, { method });
    const { status, body, headers } = await answer(response);
    expect(status).toBe(405);
    expect(headers.get("allow")).toBe("POST, OPTIONS");
    expect(body).toEqual({ ok: false, error: "method_not_allowed" });
  });

  it("answers 400 for an over-long Idempotency-Key", async () => {
    const response = await server.submit(validApplication(), {
      "Idempotency-Key": "k".repeat(201),
    });
    const { status, body } = await answer(response);
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_idempotency_key");
  });

  describe("CORS", () => {
    const preflight = (origin: string) =>
      fetch(server.endpoint, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, idempotency-key",
        },
      });

    it("answers the preflight of an allowed origin", async () => {
      const response = await preflight(allowedOrigin);
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(allowedOrigin);
      expect(response.headers.get("access-control-allow-methods")).toContain("POST");
      expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
        "idempotency-key",
      );
    });

    it("allows an allowed origin every header of the hosted backend's client", async () => {
      const response = await fetch(server.endpoint, {
        method: "OPTIONS",
        headers: {
          Origin: allowedOrigin,
          "Access-Control-Request-Method": "POST",
          // As Chromium asks for functions.invoke: sorted, lower case, comma separated.
          "Access-Control-Request-Headers":
            "apikey,authorization,content-type,x-client-info,x-region",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe(allowedOrigin);
      const allowed = response.headers.get("access-control-allow-headers")?.toLowerCase();
      const names = new Set(allowed?.split(",").map((name) => name.trim()));
      for (const header of [...hostedClientHeaders, "idempotency-key"]) {
        expect(names, header).toContain(header);
      }
    });

    it("gives a refused origin no Access-Control-Allow-Origin", async () => {
      const response = await preflight("https://evil.example");
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(response.headers.get("access-control-allow-headers")).toBeNull();
      expect(response.headers.get("access-control-allow-methods")).toBeNull();
      const post = await answer(
        await server.submit(validApplication(), { Origin: "https://evil.example" }),
      );
      expect(post.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("adds the CORS header to an allowed origin's POST", async () => {
      const response = await server.submit(validApplication(), { Origin: allowedOrigin });
      expect((await answer(response)).status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe(allowedOrigin);
      expect(response.headers.get("vary")).toContain("Origin");
    });

    it("ignores the client's headers when no INTAKE_API_KEY is set", async () => {
      const response = await server.submit(validApplication(), {
        Origin: allowedOrigin,
        apikey: "whatever-the-site-was-given",
        Authorization: "Bearer not-a-key-we-know",
        "x-client-info": "supabase-js-web/2.119.1",
        "x-region": "eu-west-1",
      });
      expect((await answer(response)).status).toBe(200);
    });

    it("always serves the same origin", async () => {
      const response = await server.submit(validApplication(), { Origin: server.url });
      expect((await answer(response)).status).toBe(200);
    });
  });

  it("reports a healthy database on /healthz", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      ok: true,
      database: "sqlite",
      deliveries: {
        pending: expect.any(Number),
        oldestPendingSeconds: expect.any(Number),
        failed: expect.any(Number),
      },
    });
  });
});

/**
 * A server that takes one application an hour from each client, with TRUST_PROXY `trustProxy`,
 * stopped after the test; `from(forwardedFor)` submits one with that X-Forwarded-For header and
 * gives the answer's status.
 */
async function oneAnHourPerClient(trustProxy: string) {
  const server = await startTestServer({ RATE_LIMIT_PER_HOUR: "1", TRUST_PROXY: trustProxy });
  onTestFinished(() => server.stop());
  return async (forwardedFor: string) =>
    (await answer(await server.submit(validApplication(), { "X-Forwarded-For": forwardedFor })))
      .status;
}

describe("intake rate limit (in memory, SQLite)", () => {
  let server: TestServer;
  afterAll(() => server?.stop());

  it("answers 429 with Retry-After over RATE_LIMIT_PER_HOUR per client IP", async () => {
    server = await startTestServer({ RATE_LIMIT_PER_HOUR: "3" });
    for (let i = 0; i < 3; i++) {
      expect((await answer(await server.submit(validApplication()))).status).toBe(200);
    }
    const limited = await answer(await server.submit(validApplication()));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ ok: false, error: "rate_limited" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // X-Forwarded-For is the client's say: without TRUST_PROXY it changes nothing.
    const spoofed = await server.submit(validApplication(), { "X-Forwarded-For": "203.0.113.9" });
    expect((await answer(spoofed)).status).toBe(429);
  });

  it("counts clients by X-Forwarded-For behind a trusted proxy", async () => {
    const from = await oneAnHourPerClient("1");
    expect(await from("198.51.100.1")).toBe(200);
    expect(await from("198.51.100.1")).toBe(429);
    expect(await from("198.51.100.2")).toBe(200);
    // Only the last entry (appended by our proxy) counts; earlier ones are the client's.
    expect(await from("10.0.0.1, 198.51.100.1")).toBe(429);
  });
});

describe("intake rate limit behind proxies (TRUST_PROXY as Express's trust proxy)", () => {
  it("believes X-Forwarded-For only from a trusted peer: a client reaching the port directly cannot walk the limit", async () => {
    // The proxy is 10.0.0.1; this test connects from 127.0.0.1, as a client that found the port.
    const from = await oneAnHourPerClient("10.0.0.1");
    expect(await from("198.51.100.1")).toBe(200);
    expect(await from("198.51.100.2")).toBe(429);
    expect(await from("198.51.100.3")).toBe(429);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4", async () => {
    const from = await oneAnHourPerClient("loopback");
    expect(await from("2001:db8:aa:bb::1")).toBe(200);
    expect(await from("2001:db8:aa:bb::2")).toBe(429); // same /64: one home network
    expect(await from("2001:db8:aa:bb:ffff:ffff:ffff:ffff")).toBe(429);
    expect(await from("2001:db8:aa:bc::1")).toBe(200); // the next /64
    expect(await from("198.51.100.7")).toBe(200);
    expect(await from("::ffff:198.51.100.7")).toBe(429); // the same IPv4 client
  });
});

describe("intake queue bound (INTAKE_QUEUE_MAX)", () => {
  it("answers 503 with Retry-After beyond the bound, stores nothing for those, loses nothing taken", async () => {
    const server = await startTestServer({ INTAKE_QUEUE_MAX: "5" });
    const other = new SQLite(path.join(server.dataDir, "reelsmith.db"));
    try {
      // The database is slow: another connection holds the write lock for a while (well
      // within the 2 s busy timeout), so the first write waits and the queue fills up.
      other.exec("BEGIN IMMEDIATE");
      const sent = Array.from({ length: 20 }, (_, i) =>
        server.submit(validApplication({ accountHandle: `@queue${i}` })).then(answer),
      );
      await sleep(500);
      other.exec("ROLLBACK");
      const answers = await Promise.all(sent);
      const accepted = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 503);
      expect(accepted.length + refused.length).toBe(20);
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      expect(accepted.length).toBeLessThanOrEqual(5);
      for (const refusal of refused) {
        expect(refusal.body).toMatchObject({ ok: false, error: "overloaded" });
        expect(refusal.body.message).toMatch(/nothing was saved/);
        expect(refusal.headers.get("retry-after")).toBe("2");
      }
      const database = server.openDatabase();
      try {
        const rows = await database.db.selectFrom("submissions").select("id").execute();
        expect(rows.map((row) => row.id).sort()).toEqual(
          accepted.map((a) => a.body.id as string).sort(),
        );
      } finally {
        await database.close();
      }
      // Room again once the queue has drained.
      expect((await answer(await server.submit(validApplication()))).status).toBe(200);
    } finally {
      other.close();
      await server.stop();
    }
  });
});

describeEachBackend("INTAKE_API_KEY ($name)", (backend) => {
  const key = "publishable-intake-key-0123456789";
  const siteUrl = "https://reelsmith.example";
  const keyed = async () => {
    const { server, database } = await serverOn(backend, {
      INTAKE_API_KEY: key,
      ALLOWED_ORIGINS: allowedOrigin,
      PUBLIC_SITE_URL: siteUrl,
    });
    const stored = async () =>
      (await database.db.selectFrom("submissions").select("id").execute()).length;
    return { server, stored };
  };

  it("answers 401 JSON without the key, or with a wrong one, and stores nothing", async () => {
    const { server, stored } = await keyed();
    const refusals: Record<string, string>[] = [
      {},
      { Origin: allowedOrigin },
      { Origin: allowedOrigin, apikey: `${key}x`, Authorization: `Bearer ${key}x` },
      { apikey: key.slice(0, -1) },
      { Authorization: key },
      { Authorization: `Basic ${key}` },
      { apikey: "", Authorization: "Bearer " },
      { Origin: "https://evil.example", apikey: "wrong-key-0123456789" },
    ];
    for (const headers of refusals) {
      const response = await server.submit(validApplication(), headers);
      const { status, body } = await answer(response);
      expect(status, JSON.stringify(headers)).toBe(401);
      expect(body).toEqual({ ok: false, error: "unauthorized", message: missingKeyMessage });
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      // An allowed origin's client may read the refusal; another origin's may not.
      expect(response.headers.get("access-control-allow-origin")).toBe(
        headers.Origin === allowedOrigin ? allowedOrigin : null,
      );
    }
    // Refused before the body is read: an oversized body is a 401 too, not a 413.
    const big = await server.submit(validApplication({ goals: "x".repeat(maxBodyBytes) }));
    expect((await answer(big)).status).toBe(401);
    expect(await stored()).toBe(0);
  });

  it("takes the key as apikey or as a Bearer token, and the site's own pages without one", async () => {
    const { server, stored } = await keyed();
    const accepted: Record<string, string>[] = [
      { Origin: allowedOrigin, apikey: key, Authorization: `Bearer ${key}` },
      { apikey: key },
      { Authorization: `Bearer ${key}` },
      // A signed-in user's token in Authorization, the key in apikey (supabase-js does so).
      { apikey: key, Authorization: "Bearer eyJ.user.token" },
      // The questionnaire: on the server's own origin, or on PUBLIC_SITE_URL's.
      { Origin: server.url },
      { Origin: siteUrl },
    ];
    for (const headers of accepted) {
      const { status } = await answer(await server.submit(validApplication(), headers));
      expect(status, JSON.stringify(headers)).toBe(200);
    }
    expect(await stored()).toBe(accepted.length);
    // The preflight carries no key: an allowed origin's is answered all the same.
    const preflight = await fetch(server.endpoint, {
      method: "OPTIONS",
      headers: {
        Origin: allowedOrigin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "apikey,authorization,content-type,x-client-info",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(allowedOrigin);
  });
});
