import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { fieldNames } from "#app/shared/schema.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { describeEachBackend, describeOnPostgres } from "../test/backends.ts";
import { validApplication } from "../test/fixtures.ts";
import { createTestDatabase } from "../test/postgres.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { rowCount, sentOnArrival } from "../test/stored.ts";
import { behindProxy } from "../test/tcp-proxy.ts";
import { waitFor } from "../test/wait.ts";
import { unavailableMessage } from "./service.ts";

/**
 * A server on a fresh PostgreSQL database that it reaches through a TCP proxy (to cut or freeze
 * at will); all three go when the test ends.
 */
async function serverBehindProxy(env: Record<string, string> = {}) {
  const { server, proxy, stop } = await behindProxy((url) =>
    startTestServer({ DATABASE_URL: url, ...env }),
  );
  onTestFinished(stop);
  return { server, proxy };
}

async function json(response: Response) {
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { ok: boolean; id: string; error?: string },
  };
}

describeEachBackend("intake storage on $name", (backend) => {
  let cleanup = async () => {};
  let env: Record<string, string> = {};
  let server: TestServer;
  let database: DatabaseHandle;

  beforeAll(async () => {
    ({ env, cleanup } = await backend.setup());
    server = await startTestServer(env);
    database = server.openDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
    await cleanup();
  });

  const application = (id: string) =>
    database.db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
  const deliveriesOf = (id: string) =>
    database.db.selectFrom("deliveries").selectAll().where("submissionId", "=", id).execute();

  it("stores exactly what was sent, trimmed, with its two deliveries and the promise's clock", async () => {
    const sent = validApplication({
      name: "  Maya Lopez ",
      contentNiche: "\tQuick recipes\n",
      goals: "  Post three times a week\nand grow  ",
      brandStyle: "   ",
    });
    const before = Date.now();
    const { status, body } = await json(
      await server.submit(sent, { "User-Agent": "reelsmith-test/1.0" }),
    );
    expect(status).toBe(200);
    const row = await application(body.id);
    expect(row).toBeDefined();
    const stored = Object.fromEntries(fieldNames.map((field) => [field, row?.[field]]));
    const expected = Object.fromEntries(
      fieldNames.map((field) => [field, String(sent[field]).trim()]),
    );
    expect(stored).toEqual(expected);
    expect(row?.createdAt).toBeGreaterThanOrEqual(before);
    expect(row?.createdAt).toBeLessThanOrEqual(Date.now());
    expect(row?.userAgent).toBe("reelsmith-test/1.0");
    expect(row?.isSpam).toBe(0);
    expect(row?.idempotencyKey).toBeNull();
    // The client's IP is kept only as an HMAC: never the address itself.
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("127.0.0.1");
    const deliveries = await deliveriesOf(body.id);
    const kinds = sentOnArrival(deliveries)
      .map((delivery) => delivery.kind)
      .sort();
    expect(kinds).toEqual(["applicant_confirmation", "team_notification"]);
    // The promise: due 24 hours after it arrived; a reminder 4 hours before, the alert at due.
    const created = Number(row?.createdAt);
    expect(Number(row?.dueAt)).toBe(created + 24 * 3600_000);
    const at = (kind: string) =>
      Number(deliveries.find((delivery) => delivery.kind === kind)?.nextAttemptAt);
    expect(at("reminder_email")).toBe(created + 20 * 3600_000);
    expect(at("missed_email")).toBe(created + 24 * 3600_000);
  });

  it("answers a repeated Idempotency-Key with the first id and stores nothing new", async () => {
    const key = randomUUID();
    const first = await json(await server.submit(validApplication(), { "Idempotency-Key": key }));
    expect(first.status).toBe(200);
    const repeats = await Promise.all(
      Array.from({ length: 4 }, async () =>
        // The same answers (trimming aside): the same request, sent again.
        json(
          await server.submit(validApplication({ name: " Maya Lopez " }), {
            "Idempotency-Key": key,
          }),
        ),
      ),
    );
    for (const repeat of repeats) expect(repeat.body).toEqual({ ok: true, id: first.body.id });
    const rows = await database.db
      .selectFrom("submissions")
      .select(["id", "name"])
      .where("idempotencyKey", "=", key)
      .execute();
    expect(rows).toEqual([{ id: first.body.id, name: "Maya Lopez" }]);
    expect(sentOnArrival(await deliveriesOf(first.body.id))).toHaveLength(2);
  });

  it("answers 422 idempotency_key_reused for the same key with other answers, storing nothing", async () => {
    const key = randomUUID();
    const first = await json(await server.submit(validApplication(), { "Idempotency-Key": key }));
    const count = () => rowCount(database, "submissions");
    const before = await count();
    const other = await json(
      await server.submit(validApplication({ name: "Other Person", email: "other@example.com" }), {
        "Idempotency-Key": key,
      }),
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ ok: false, error: "idempotency_key_reused" });
    expect(JSON.stringify(other.body)).not.toContain(String(first.body.id));
    expect(await count()).toBe(before);
    // Both in one batch: the first is stored, the other refused.
    const together = randomUUID();
    const [a, b] = await Promise.all([
      server.submit(validApplication(), { "Idempotency-Key": together }).then(json),
      server
        .submit(validApplication({ goals: "Something else entirely" }), {
          "Idempotency-Key": together,
        })
        .then(json),
    ]);
    expect([a?.status, b?.status].sort()).toEqual([200, 422]);
    expect(await count()).toBe(before + 1);
  });

  it("stores one application when the same key arrives several times at once", async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        json(await server.submit(validApplication(), { "Idempotency-Key": key })),
      ),
    );
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    const count = await database.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("idempotencyKey", "=", key)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect(sentOnArrival(await deliveriesOf([...ids][0] ?? ""))).toHaveLength(2);
  });

  it("keeps a filled honeypot as spam and delivers nothing", async () => {
    const { status, body } = await json(
      await server.submit({ ...validApplication(), website: "https://spam.example" }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, id: expect.any(String) });
    expect((await application(body.id))?.isSpam).toBe(1);
    expect(await deliveriesOf(body.id)).toEqual([]);
  });

  it("treats an empty honeypot as a person", async () => {
    const { body } = await json(await server.submit({ ...validApplication(), website: "" }));
    expect((await application(body.id))?.isSpam).toBe(0);
    expect(sentOnArrival(await deliveriesOf(body.id))).toHaveLength(2);
  });

  it("commits concurrent applications together, each with its own row", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) =>
        json(await server.submit(validApplication({ accountHandle: `@batch${i}` }))),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const ids = answers.map((answer) => answer.body.id as string);
    expect(new Set(ids).size).toBe(60);
    const rows = await database.db
      .selectFrom("submissions")
      .select(["id", "accountHandle"])
      .where("id", "in", ids)
      .execute();
    const handles = new Map(rows.map((row) => [row.id, row.accountHandle]));
    ids.forEach((id, i) => {
      expect(handles.get(id)).toBe(`@batch${i}`);
    });
    const deliveries = await database.db
      .selectFrom("deliveries")
      .select(["id", "kind"])
      .where("submissionId", "in", ids)
      .execute();
    expect(sentOnArrival(deliveries)).toHaveLength(120);
  });
});

describe("intake while the database is unreachable", () => {
  it("answers 503 with Retry-After while SQLite is locked, and recovers", async () => {
    const server = await startTestServer();
    const other = new SQLite(path.join(server.dataDir, "reelsmith.db"));
    try {
      expect((await json(await server.submit(validApplication()))).status).toBe(200);
      other.exec("BEGIN IMMEDIATE"); // another process holds the write lock
      const pending = server.submit(validApplication());
      // The server keeps answering while another process holds the lock (it is released only
      // after): /healthz is 200 meanwhile. (How soon is not asserted: its database check can
      // queue behind a job's write that waits out the busy timeout.)
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      const locked = await json(await pending);
      expect(locked.status).toBe(503);
      expect(locked.body).toEqual({ ok: false, error: "unavailable", message: unavailableMessage });
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      other.exec("ROLLBACK");
      expect((await json(await server.submit(validApplication()))).status).toBe(200);
    } finally {
      other.close();
      await server.stop();
    }
  });

  describeOnPostgres("on PostgreSQL", () => {
    it("answers 503 while PostgreSQL is gone, and recovers by itself", async () => {
      const { server, proxy } = await serverBehindProxy();
      expect((await json(await server.submit(validApplication()))).status).toBe(200);
      await proxy.cut();
      const down = await json(await server.submit(validApplication()));
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ ok: false, error: "unavailable", message: unavailableMessage });
      expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ ok: false, database: "unreachable" });
      await proxy.restore();
      expect((await json(await server.submit(validApplication()))).status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    it("answers 503 in bounded time while PostgreSQL stops answering (a partition)", async () => {
      const { server, proxy } = await serverBehindProxy({ DATABASE_QUERY_TIMEOUT_MS: "1000" });
      expect((await json(await server.submit(validApplication()))).status).toBe(200);
      proxy.freeze(); // connections stay open, nothing comes back
      const started = performance.now();
      const down = await json(await server.submit(validApplication()));
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ ok: false, error: "unavailable", message: unavailableMessage });
      // The hung statement, then its ROLLBACK: each gets the query timeout.
      expect(performance.now() - started).toBeLessThan(4000);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      proxy.thaw();
      await waitFor(async () => (await server.submit(validApplication())).status === 200, {
        timeoutMs: 10_000,
        what: "the intake to take applications again",
      });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    it("shares the rate limit between instances", async () => {
      const target = await createTestDatabase();
      const env = { DATABASE_URL: target.url, RATE_LIMIT_PER_HOUR: "3", TRUST_PROXY: "1" };
      const [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
      try {
        const from = async (server: TestServer, ip: string) =>
          (await json(await server.submit(validApplication(), { "X-Forwarded-For": ip }))).status;
        expect(await from(a, "192.0.2.10")).toBe(200);
        expect(await from(b, "192.0.2.10")).toBe(200);
        expect(await from(a, "192.0.2.10")).toBe(200);
        expect(await from(b, "192.0.2.10")).toBe(429);
        expect(await from(a, "192.0.2.10")).toBe(429);
        expect(await from(b, "192.0.2.11")).toBe(200);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await target.drop();
      }
    });
  });
});
