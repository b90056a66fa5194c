import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { beaconPath } from "#app/shared/paths.ts";
import { beaconTokens } from "../../server/test/beacon-token.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { openStore } from "./support/store.ts";

/** The day's visitors, each seen by both instances several times, all at once. */
const scenario = { visitors: 600, hitsPerInstance: 3, concurrency: 40 } as const;
/** One client cycling User-Agents through both instances, and a script without a page. */
const cycling = { userAgents: 200, scriptBeacons: 100 } as const;
/** Each visitor's own address, as the load balancer in front reports it (X-Forwarded-For). */
const addressOf = (n: number) => `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const host = "reelsmith.example";

const chrome = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Visitor/${n} Chrome/142.0.0.0 Safari/537.36`;

/**
 * /onboarding seen (as the beacon of a prerendered page says it), by visitor `n`, through
 * `instance`: with the site's public Host and the visitor's address, as a load balancer in
 * front of both passes them on, and the token the page was served with (`token`; none: a
 * script that never asked for the page).
 */
function seen(
  instance: Instance,
  n: number,
  token: string,
  userAgent = chrome(n),
  address = addressOf(n),
  source = "rel",
): Promise<number> {
  const body = JSON.stringify({
    type: "view",
    path: `/onboarding?plan=Influencer&utm_source=${source}&utm_campaign=c${n % 3}`,
    referrer: "",
    token,
  });
  return new Promise((resolve, reject) => {
    const sent = request(
      `${instance.url}${beaconPath}`,
      {
        method: "POST",
        agent,
        headers: {
          Host: host,
          Origin: `http://${host}`,
          "X-Forwarded-For": address,
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": userAgent,
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
  const { instances, keep, freshDatabase } = stopAfterAll();

  it("two instances count one day's visitors once: one secret, one row per visitor, every page", {
    timeout: 120_000,
  }, async ({ task }) => {
    const database = await freshDatabase();
    const env = { DATABASE_URL: database.url, TRUST_PROXY: "1" };
    const both = (await Promise.all([startInstance(env), startInstance(env)])) as [
      Instance,
      Instance,
    ];
    instances.push(...both);
    // The tokens the page served to each visitor carried (no build here: made as the server
    // makes them, with the key both instances share).
    const minting = keep(openStore(both[0]), (handle) => handle.close());
    const tokenOf = await beaconTokens(minting, {
      dataDir: both[0].dataDir,
      IP_HASH_SECRET: both[0].env.IP_HASH_SECRET,
    });
    const token = (n: number) => tokenOf({ ip: addressOf(n), userAgent: chrome(n), host });
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
      statuses.push(
        ...(await Promise.all(batch.map(({ instance, n }) => seen(instance, n, token(n))))),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    // One client (one address) cycling User-Agents, each with its page's token, over both
    // instances; then a script with the site's Origin and no page behind its beacons.
    const cycler = addressOf(scenario.visitors + 1);
    const cycled: number[] = [];
    const cyclingStarted = performance.now();
    for (let i = 0; i < cycling.userAgents; i += scenario.concurrency) {
      const batch = Array.from({ length: scenario.concurrency }, (_, k) => i + k);
      cycled.push(
        ...(await Promise.all(
          batch.map((u) => {
            const userAgent = `Mozilla/5.0 (cycled ${u}) Chrome/142.0.0.0 Safari/537.36`;
            const pageToken = tokenOf({ ip: cycler, userAgent, host });
            return seen(both[u % 2] as Instance, u, pageToken, userAgent, cycler, "cycler");
          }),
        )),
      );
    }
    const cyclingSeconds = (performance.now() - cyclingStarted) / 1000;
    const scripted = await Promise.all(
      Array.from({ length: cycling.scriptBeacons }, (_, u) =>
        seen(both[u % 2] as Instance, u, "", chrome(u), addressOf(scenario.visitors + 2)),
      ),
    );
    // SIGTERM: each instance writes what it holds in memory.
    await Promise.all(both.map((instance) => instance.stop()));
    const store = keep(openStore(both[0]), (handle) => handle.close());
    const all = await store.db.selectFrom("visitors").selectAll().execute();
    const rows = all.filter((row) => row.source === "rel");
    const cycledRows = all.filter((row) => row.source === "cycler").length;
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
        {
          name: `visitors from one address cycling ${cycling.userAgents} User-Agents (${cyclingSeconds.toFixed(1)} s)`,
          value: cycledRows,
          must: "<= 6 (3 per instance)",
        },
        {
          name: "beacons of a script with no page behind them refused",
          value: scripted.filter((status) => status === 403).length,
          must: `= ${cycling.scriptBeacons}`,
        },
      ],
    });
    expect(cycled.every((status) => status === 204)).toBe(true);
    expect(cycledRows).toBeLessThanOrEqual(6);
    expect(scripted.every((status) => status === 403)).toBe(true);
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(secrets).toHaveLength(1);
    expect(rows).toHaveLength(scenario.visitors);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(scenario.visitors);
    expect(pages).toBe(expectedPages);
    expect(rows.every((row) => row.plan === "Influencer" && row.source === "rel")).toBe(true);
  });
});
