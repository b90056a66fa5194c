import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { beaconPath } from "#app/shared/paths.ts";
import { createTestDatabase, postgresAvailable } from "../../server/test/postgres.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { openStore } from "./support/store.ts";

/** The day's visitors, each seen by both instances several times, all at once. */
const scenario = { visitors: 600, hitsPerInstance: 3, concurrency: 40 } as const;

const chrome = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Visitor/${n} Chrome/142.0.0.0 Safari/537.36`;

/**
 * /onboarding seen (as the beacon of a prerendered page says it), by visitor `n`, through
 * `instance`: with the site's public Host, as a load balancer in front of both passes it on.
 */
function seen(instance: Instance, n: number): Promise<number> {
  const body = JSON.stringify({
    type: "view",
    path: `/onboarding?plan=Influencer&utm_source=rel&utm_campaign=c${n % 3}`,
    referrer: "",
  });
  return new Promise((resolve, reject) => {
    const sent = request(
      `${instance.url}${beaconPath}`,
      {
        method: "POST",
        agent,
        headers: {
          Host: "reelsmith.example",
          Origin: "http://reelsmith.example",
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": chrome(n),
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

describe.skipIf(!postgresAvailable())("visits across instances (PostgreSQL)", () => {
  const { instances, keep } = stopAfterAll();

  it("two instances count one day's visitors once: one secret, one row per visitor, every page", {
    timeout: 120_000,
  }, async ({ task }) => {
    const database = keep(await createTestDatabase(), (created) => created.drop());
    const both = (await Promise.all([
      startInstance({ DATABASE_URL: database.url }),
      startInstance({ DATABASE_URL: database.url }),
    ])) as [Instance, Instance];
    instances.push(...both);
    // Every visitor on both instances, interleaved, many at a time: the first hits of the day
    // race for the day's secret on both instances at once.
    const hits = Array.from({ length: scenario.visitors }, (_, n) =>
      Array.from({ length: scenario.hitsPerInstance }, () =>
        both.map((instance) => ({ instance, n })),
      ),
    ).flat(2);
    const statuses: number[] = [];
    const started = performance.now();
    for (let i = 0; i < hits.length; i += scenario.concurrency) {
      const batch = hits.slice(i, i + scenario.concurrency);
      statuses.push(...(await Promise.all(batch.map(({ instance, n }) => seen(instance, n)))));
    }
    const seconds = (performance.now() - started) / 1000;
    // SIGTERM: each instance writes what it holds in memory.
    await Promise.all(both.map((instance) => instance.stop()));
    const store = keep(openStore(both[0]), (handle) => handle.close());
    const rows = await store.db.selectFrom("visitors").selectAll().execute();
    const secrets = await store.db.selectFrom("visitSecrets").selectAll().execute();
    const pages = rows.reduce((total, row) => total + Number(row.pages), 0);
    const expectedPages = scenario.visitors * scenario.hitsPerInstance * 2;
    recordFigures(task, {
      order: 13,
      scenario: "visits counted across 2 instances (PostgreSQL)",
      figures: [
        { name: "hits (beacons, both instances)", value: hits.length },
        { name: "hits per second", value: Math.round(hits.length / seconds) },
        {
          name: "answers other than 204",
          value: statuses.filter((s) => s !== 204).length,
          must: "= 0",
        },
        { name: "day secrets", value: secrets.length, must: "= 1" },
        { name: "visitor rows", value: rows.length, must: `= ${scenario.visitors}` },
        { name: "pages counted", value: pages, must: `= ${expectedPages}` },
      ],
    });
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(secrets).toHaveLength(1);
    expect(rows).toHaveLength(scenario.visitors);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(scenario.visitors);
    expect(pages).toBe(expectedPages);
    expect(rows.every((row) => row.plan === "Influencer" && row.source === "rel")).toBe(true);
  });
});
