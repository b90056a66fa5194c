import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../server/test/fixtures.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import { type BehindProxy, behindProxy, type TcpProxy } from "../../server/test/tcp-proxy.ts";
import { sleep, waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { createHttpClient, type HttpAnswer } from "./support/http-client.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { type SmtpCounter, startSmtpCounter } from "./support/smtp-counter.ts";
import { deliveryStatuses, openStore, storedIds } from "./support/store.ts";

const outageMs = 6000;
/** DATABASE_QUERY_TIMEOUT_MS for this test (default 5 s). */
const queryTimeoutMs = 2000;
/**
 * The longest a visitor may wait while the database is away: the group commit in progress (its
 * statement, then its ROLLBACK, each up to the timeout), then the one with this application.
 */
const answerWithinMs = 4 * queryTimeoutMs + 1000;
const stackTrace = /\bat .+:\d+:\d+/;

const modes = [
  {
    name: "PostgreSQL stopped (connections refused)",
    down: (proxy: TcpProxy) => proxy.cut(),
    up: (proxy: TcpProxy) => proxy.restore(),
  },
  {
    name: "PostgreSQL unreachable (network partition, no answer)",
    down: async (proxy: TcpProxy) => proxy.freeze(),
    up: async (proxy: TcpProxy) => proxy.thaw(),
  },
];

describe.skipIf(!postgresAvailable())("5. database outage", () => {
  let smtp: SmtpCounter;
  let setup: BehindProxy<Instance>;

  beforeAll(async () => {
    smtp = await startSmtpCounter();
    setup = await behindProxy((url) =>
      startInstance({
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        // Shortened (default 5 s) so that the test runs fast; answers must still come in time.
        DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs),
      }),
    );
  });
  afterAll(async () => {
    await setup?.stop();
    await smtp?.stop();
  });

  for (const [index, mode] of modes.entries()) {
    it(`${mode.name}: 503 with Retry-After, unhealthy, then recovers by itself`, async ({
      task,
    }) => {
      const { server: instance, proxy } = setup;
      const client = createHttpClient({ connections: 12, timeoutMs: 30_000 });
      const ids = new Set<string>();
      const statuses = new Map<number, number>();
      let slowestMs = 0;
      let badAnswers = 0;
      let next = 0;
      let loading = true;
      const submit = async () => {
        const started = performance.now();
        const answer = await client
          .postJson(instance.endpoint, validApplication({ accountHandle: `@db${index}-${next++}` }))
          .catch((): HttpAnswer => ({ status: 0, headers: {}, body: "" }));
        slowestMs = Math.max(slowestMs, performance.now() - started);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) ids.add((JSON.parse(answer.body) as { id: string }).id);
        return answer;
      };
      // Applications keep arriving before, during and after the outage.
      const load = Promise.all(
        Array.from({ length: 8 }, async () => {
          while (loading) {
            const answer = await submit();
            if (answer.status !== 200 && !isClearUnavailable(answer)) badAnswers += 1;
            await sleep(20);
          }
        }),
      );
      await sleep(1000);
      await mode.down(proxy);
      const downAt = performance.now();
      await sleep(500);

      // What a visitor and a load balancer see while it is down.
      const probeStarted = performance.now();
      const probe = await submit();
      const probeMs = performance.now() - probeStarted;
      const healthStarted = performance.now();
      const health = await client.request(`${instance.url}/healthz`).catch(() => undefined);
      const healthMs = performance.now() - healthStarted;

      await sleep(Math.max(0, outageMs - (performance.now() - downAt)));
      await mode.up(proxy);
      const upAt = performance.now();
      const endpointBack = await waitFor(
        async () => (await submit()).status === 200 && performance.now(),
        { timeoutMs: 30_000, intervalMs: 100, what: "the endpoint to take applications again" },
      ).catch(() => undefined);
      const healthBack = await waitFor(
        async () =>
          (await client.request(`${instance.url}/healthz`).catch(() => undefined))?.status ===
            200 && performance.now(),
        { timeoutMs: 30_000, intervalMs: 100, what: "/healthz to say healthy again" },
      ).catch(() => undefined);
      await sleep(1000);
      loading = false;
      await load;
      client.close();

      const store = openStore({ env: { DATABASE_URL: setup.databaseUrl }, dataDir: "" });
      try {
        const stored = await storedIds(store);
        const missing = [...ids].filter((id) => !stored.has(id)).length;
        await waitFor(async () => (await deliveryStatuses(store)).pending === undefined, {
          timeoutMs: 30_000,
          intervalMs: 200,
          what: "the deliveries held up by the outage",
        }).catch(() => undefined);
        const deliveries = await deliveryStatuses(store);
        const answeredUnavailable = statuses.get(503) ?? 0;

        recordFigures(task, {
          order: 5 + index / 10,
          scenario: `5 database outage: ${index === 0 ? "stopped" : "partition"}`,
          figures: [
            { name: "outage (s)", value: Math.round((upAt - downAt) / 100) / 10 },
            {
              name: "POST during outage",
              value: `${probe.status} in ${Math.round(probeMs)} ms`,
              must: "503",
            },
            {
              name: "  Retry-After",
              value: String(probe.headers["retry-after"] ?? "none"),
              must: "> 0",
            },
            { name: "  body", value: probe.body },
            {
              name: "/healthz during outage",
              value: `${health?.status ?? "no answer"} in ${Math.round(healthMs)} ms`,
              must: "503",
            },
            {
              name: "applications answered 200 / 503 / other",
              value: `${statuses.get(200) ?? 0} / ${answeredUnavailable} / ${[...statuses].filter(([s]) => s !== 200 && s !== 503).reduce((a, [, n]) => a + n, 0)}`,
            },
            { name: "answers other than 200 or a clear 503", value: badAnswers, must: "= 0" },
            {
              name: "slowest answer (ms)",
              value: Math.round(slowestMs),
              must: `≤ ${answerWithinMs}`,
            },
            {
              name: "endpoint back after (s)",
              value: endpointBack ? Math.round((endpointBack - upAt) / 100) / 10 : "never",
            },
            {
              name: "/healthz back after (s)",
              value: healthBack ? Math.round((healthBack - upAt) / 100) / 10 : "never",
            },
            { name: "accepted and missing", value: missing, must: "= 0" },
            { name: "emails received twice", value: smtp.duplicates().length, must: "= 0" },
            {
              name: "deliveries not done after",
              value: (deliveries.pending ?? 0) + (deliveries.failed ?? 0),
              must: "= 0",
            },
          ],
        });

        expect(probe.status).toBe(503);
        expect(isClearUnavailable(probe)).toBe(true);
        expect(health?.status).toBe(503);
        expect(JSON.parse(health?.body ?? "{}")).toMatchObject({ status: "unhealthy", ok: false });
        expect(answeredUnavailable).toBeGreaterThan(0);
        expect(badAnswers).toBe(0);
        expect(slowestMs).toBeLessThanOrEqual(answerWithinMs);
        expect(endpointBack).toBeDefined();
        expect(healthBack).toBeDefined();
        expect(missing).toBe(0);
        expect(smtp.duplicates()).toEqual([]);
        expect((deliveries.pending ?? 0) + (deliveries.failed ?? 0)).toBe(0);
      } finally {
        await store.close();
      }
    }, 120_000);
  }
});

/** A 503 that says to come back later, in JSON, without a stack trace. */
function isClearUnavailable(answer: HttpAnswer): boolean {
  if (answer.status !== 503) return false;
  if (!(Number(answer.headers["retry-after"]) > 0)) return false;
  if (!String(answer.headers["content-type"]).startsWith("application/json")) return false;
  if (stackTrace.test(answer.body)) return false;
  try {
    const body = JSON.parse(answer.body) as { ok?: unknown; error?: unknown; message?: unknown };
    return body.ok === false && body.error === "unavailable" && typeof body.message === "string";
  } catch {
    return false;
  }
}
