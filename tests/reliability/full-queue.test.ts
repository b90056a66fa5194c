import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationOf } from "../../server/test/fixtures.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import { type BehindProxy, behindProxy } from "../../server/test/tcp-proxy.ts";
import { waitFor } from "../../server/test/wait.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { createHttpClient, type HttpAnswer, runPool } from "./support/http-client.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { openStore, storedIds } from "./support/store.ts";

const queueMax = 200;
/** Sent at once while the database stalls: the queue takes `queueMax`, the rest are refused. */
const burst = 500;
/** Sent one after another once the queue is full, still during the stall: how fast a refusal is. */
const probes = 20;

describe.skipIf(!postgresAvailable())("8. full queue", () => {
  let setup: BehindProxy<Instance>;

  beforeAll(async () => {
    setup = await behindProxy((url) =>
      startInstance({
        DATABASE_URL: url,
        INTAKE_QUEUE_MAX: String(queueMax),
        // Longer than the stall: the queued writes wait for the database instead of failing.
        DATABASE_QUERY_TIMEOUT_MS: "15000",
      }),
    );
  });
  afterAll(() => setup?.stop());

  it(`a stalled database: at most INTAKE_QUEUE_MAX (${queueMax}) wait, the rest get 503 at once; nothing acknowledged is lost`, async ({
    task,
  }) => {
    const { server: instance, proxy } = setup;
    const client = createHttpClient({ connections: burst + 1, timeoutMs: 30_000 });
    const acked = new Set<string>();
    const statuses = new Map<number, number>();
    const badRefusals: string[] = [];
    let slowestRefusalMs = 0;
    const submit = async (i: number) => {
      const answer = await client
        .postJson(instance.endpoint, applicationOf(`queue${i}`), {
          "Idempotency-Key": `queue-${i}`,
        })
        .catch((): HttpAnswer => ({ status: 0, headers: {}, body: "" }));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 200) acked.add((JSON.parse(answer.body) as { id: string }).id);
      else if (answer.status === 503) {
        const body = JSON.parse(answer.body) as { error?: string };
        if (body.error !== "overloaded" || !(Number(answer.headers["retry-after"]) > 0)) {
          badRefusals.push(answer.body.slice(0, 200));
        }
      }
      return answer.status;
    };

    // Warm: the pool's connections are open before the stall.
    await Promise.all(Array.from({ length: 10 }, (_, i) => submit(burst + probes + i)));
    const warm = acked.size;
    // PostgreSQL stops answering (no byte gets through): the commit in progress hangs.
    proxy.freeze();
    const stalledAt = performance.now();
    const load = runPool(burst, burst, async (i) => {
      await submit(i);
    });
    await waitFor(() => (statuses.get(503) ?? 0) >= burst - queueMax, {
      timeoutMs: 30_000,
      intervalMs: 50,
      what: "the burst beyond the queue to be refused",
    });
    const refusedInBurst = statuses.get(503) ?? 0;
    // Still stalled, the queue full: each further application is refused at once.
    const probeTimes: number[] = [];
    let probesRefused = 0;
    for (let i = 0; i < probes; i++) {
      const started = performance.now();
      if ((await submit(burst + i)) === 503) probesRefused += 1;
      probeTimes.push(performance.now() - started);
    }
    const stalledMs = performance.now() - stalledAt;
    proxy.thaw();
    await load;
    const seconds = (performance.now() - stalledAt) / 1000;
    client.close();
    slowestRefusalMs = Math.max(...probeTimes);

    const store = openStore(instance);
    let stored: Set<string>;
    try {
      stored = await storedIds(store);
    } finally {
      await store.close();
    }
    const missing = [...acked].filter((id) => !stored.has(id)).length;
    const refused = statuses.get(503) ?? 0;
    const other = [...statuses].filter(([status]) => status !== 200 && status !== 503);
    const health = await fetch(`${instance.url}/healthz`);

    const accepted = acked.size - warm;
    recordFigures(task, {
      order: 8,
      scenario: "8 full queue",
      figures: [
        { name: "INTAKE_QUEUE_MAX", value: queueMax },
        { name: "sent at once while PostgreSQL stalls", value: burst },
        {
          name: "  refused at once (503 overloaded)",
          value: refusedInBurst,
          must: `≥ ${burst - queueMax}`,
        },
        { name: "  accepted after the stall (200)", value: accepted, must: `≤ ${queueMax}` },
        { name: `${probes} more during the stall: 503`, value: probesRefused, must: `= ${probes}` },
        { name: "  slowest of those (ms)", value: Math.round(slowestRefusalMs), must: "< 1,000" },
        { name: "database stalled for (s)", value: Math.round(stalledMs / 100) / 10 },
        { name: "503s in all", value: refused },
        { name: "503s without overloaded + Retry-After", value: badRefusals.length, must: "= 0" },
        {
          name: "other answers",
          value: formatCounts(other) || 0,
          must: "= 0",
        },
        { name: "accepted in all (warm-up included)", value: acked.size },
        { name: "stored", value: stored.size, must: "= accepted" },
        { name: "accepted ids missing", value: missing, must: "= 0" },
        { name: "run time (s)", value: Math.round(seconds * 10) / 10 },
        { name: "healthy after", value: health.status === 200 ? "yes" : "no", must: "yes" },
      ],
    });

    expect(refusedInBurst).toBeGreaterThanOrEqual(burst - queueMax);
    expect(accepted).toBeLessThanOrEqual(queueMax);
    expect(accepted).toBeGreaterThan(0);
    expect(probesRefused).toBe(probes);
    expect(refused).toBe(burst + probes - accepted);
    expect(badRefusals).toEqual([]);
    expect(other).toEqual([]);
    expect(missing).toBe(0);
    expect(stored.size).toBe(acked.size);
    expect(slowestRefusalMs).toBeLessThan(1000);
    expect(health.status).toBe(200);
  }, 120_000);
});
