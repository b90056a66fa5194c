import { Hono } from "hono";
import pino from "pino";
import { expect, it, vi } from "vitest";
import { directSource } from "#app/shared/application-source.ts";
import { fieldKeyOf, fieldKeys } from "#app/shared/fields.ts";
import { beaconPath } from "#app/shared/paths.ts";
import { visitorHash } from "../hashing/client-hashes.ts";
import { createSealer } from "../hashing/sealed-secrets.ts";
import type { AppEnv } from "../http/app-env.ts";
import { databaseOfTwo, describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { startVisits } from "./start-visits.ts";
import { dayOf, visitorsPerAddress } from "./visit-counter.ts";

const logger = pino({ level: "silent" });
const hour = 3600_000;
/** 25 Nov 2026, 15:00 UTC. */
const start = Date.UTC(2026, 10, 25, 15, 0);
const maya = {
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (Maya's phone) Safari/605",
  host: "reelsmith.example",
};
const dre = {
  ip: "198.51.100.4",
  userAgent: "Mozilla/5.0 (Dre's laptop) Firefox/140",
  host: "reelsmith.example",
};
/** The hashing key's sealer, as the server makes it (the key is never in the database). */
const sealer = createSealer("test-hashing-key-kept-outside", "visit-secrets");
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Safari/537.36";
const fromNews = { source: "news.example", medium: "", campaign: "", referrer: "news.example" };

describeEachBackend("counting visits ($name)", (backend) => {
  async function counting() {
    const { database } = await migratedDatabase(backend);
    let now = start;
    const visits = startVisits({
      enabled: true,
      retentionDays: 400,
      database,
      sealer,
      trustProxy: () => false,
      logger,
      now: () => now,
      flushMs: 3600_000,
    });
    const counter = visits.counter;
    if (!counter) throw new Error("counting is on");
    const rows = () => database.db.selectFrom("visitors").selectAll().orderBy("landing").execute();
    return { database, visits, counter, rows, at: (ms: number) => (now = ms) };
  }

  it("counts one address's User-Agents as a few visitors a day at most, the rest as its first", async () => {
    const { counter, visits, rows, at } = await counting();
    for (let n = 0; n < 200; n++) {
      counter.count({ ...maya, userAgent: `Mozilla/5.0 (agent ${n}) Chrome/142` }, { page: "/" });
    }
    counter.count(dre, { page: "/" });
    await counter.flush();
    const stored = await rows();
    expect(stored).toHaveLength(visitorsPerAddress + 1);
    expect(stored.reduce((pages, row) => pages + Number(row.pages), 0)).toBe(201);
    // The 4th User-Agent on is the address's first visitor: an application from it finds that.
    const fourth = { ...maya, userAgent: "Mozilla/5.0 (agent 3) Chrome/142" };
    const first = { ...maya, userAgent: "Mozilla/5.0 (agent 0) Chrome/142" };
    expect((await counter.lookup(fourth))?.visitor).toBe((await counter.lookup(first))?.visitor);
    // The next day the address starts again.
    at(start + 24 * hour);
    counter.count(fourth, { page: "/" });
    await counter.flush();
    expect((await rows()).filter((row) => row.day === dayOf(start) + 1)).toHaveLength(1);
    await visits.stop();
  });

  it("counts a beacon only with the token of a page served to the same visitor that day", async () => {
    const { visits, rows, at } = await counting();
    const app = new Hono<AppEnv>();
    app.get("/onboarding", async (c) => c.text((await visits.beaconToken(c)) ?? ""));
    app.post(beaconPath, visits.beacon);
    const site = "http://reelsmith.example";
    const page = async (headers: Record<string, string> = {}) =>
      (
        await app.request(`${site}/onboarding`, { headers: { "User-Agent": chrome, ...headers } })
      ).text();
    const beacon = (body: object, userAgent = chrome) =>
      app.request(`${site}${beaconPath}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site, "User-Agent": userAgent },
        body: JSON.stringify({ type: "start", question: "name", ...body }),
      });
    const token = await page();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await page({ "Sec-Purpose": "prefetch;prerender" })).toBe(token); // a prerender's
    expect(await page({ "User-Agent": "curl/8.5.0" })).toBe(""); // a bot's page: none
    // A script with the site's Origin: no token, a made-up one, another client's.
    expect((await beacon({})).status).toBe(403);
    expect(
      (await beacon({ token: token.replace(/^./, (first) => (first === "A" ? "B" : "A")) })).status,
    ).toBe(403);
    expect((await beacon({ token }, "Mozilla/5.0 (script) Chrome/142")).status).toBe(403);
    await visits.counter?.flush();
    expect(await rows()).toEqual([]);
    // The page's own beacon counts.
    expect((await beacon({ token })).status).toBe(204);
    await visits.counter?.flush();
    expect((await rows()).map((row) => row.question)).toEqual([fieldKeyOf("name")]);
    // The next day the page's token is worth nothing.
    at(start + 24 * hour);
    expect((await beacon({ token, question: "goals" })).status).toBe(403);
    await visits.stop();
  });

  it("keeps the day's secret sealed: the database holds nothing that recomputes a visitor", async () => {
    const { database, counter, visits, rows } = await counting();
    counter.count(maya, { page: "/" });
    await counter.flush();
    const [row] = await rows();
    const [kept] = await database.db.selectFrom("visitSecrets").selectAll().execute();
    if (!row || !kept) throw new Error("a visitor and a secret were stored");
    // Every value the database holds, tried as the secret: none gives Maya's hash.
    const values = (await database.db.selectFrom("settings").select("value").execute())
      .map((setting) => setting.value)
      .concat(kept.sealed, String(kept.day));
    for (const value of values) {
      expect(visitorHash(value, maya.ip, maya.userAgent, maya.host)).not.toBe(row.visitor);
    }
    // Sealed with the key held outside: it opens to the secret that does.
    const secret = sealer.open(`visit-day:${dayOf(start)}`, kept.sealed);
    expect(visitorHash(secret, maya.ip, maya.userAgent, maya.host)).toBe(row.visitor);
    expect(() =>
      createSealer("another-key-another-key", "visit-secrets").open(
        `visit-day:${dayOf(start)}`,
        kept.sealed,
      ),
    ).toThrow();
    await visits.stop();
  });

  it("counts a visitor once a day, their first page's source kept, in one write", async () => {
    const { counter, visits, rows } = await counting();
    counter.count(maya, { page: "/", source: fromNews });
    await counter.flush();
    counter.count(maya, {
      page: "/onboarding",
      plan: "Influencer",
      source: { ...fromNews, source: directSource, referrer: "" },
    });
    // Furthest in the form's order, whatever the order they were started in.
    counter.count(maya, { question: fieldKeys[0] });
    counter.count(maya, { question: fieldKeys[2] });
    counter.count(maya, { question: fieldKeys[1] });
    counter.count(dre, { page: "404" });
    await counter.flush();
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored.map(({ visitor, ...row }) => row)).toEqual([
      expect.objectContaining({
        landing: "/",
        source: "news.example",
        referrer: "news.example",
        plan: "Influencer",
        question: fieldKeys[2],
        pages: 2,
        applied: 0,
      }),
      expect.objectContaining({ landing: "404", source: directSource, pages: 1 }),
    ]);
    await visits.stop();
  });

  it("finds today's visitor for an application, written or still in memory", async () => {
    const { counter, visits } = await counting();
    counter.count(maya, { page: "/", source: fromNews });
    await counter.flush();
    counter.count(dre, { page: "/" });
    expect((await counter.lookup(maya))?.source).toBe("news.example");
    expect((await counter.lookup(dre))?.source).toBe(directSource);
    expect(await counter.lookup({ ...dre, userAgent: "another browser" })).toBeUndefined();
    await visits.stop();
  });

  it("finds a visitor while the flush that holds their first page is being written", async () => {
    const { counter, visits, database } = await counting();
    // The day's secret is made (and written) first: only the flush's write is held.
    expect(await counter.lookup(maya)).toBeUndefined();
    const write = database.write;
    const gate = Promise.withResolvers<void>();
    let writes = 0;
    database.write = (async (query: Parameters<typeof write>[0]) => {
      writes += 1;
      await gate.promise;
      return write(query);
    }) as typeof write;
    counter.count(maya, { page: "/", source: fromNews });
    const flushed = counter.flush();
    await vi.waitFor(() => expect(writes).toBe(1));
    expect(counter.pending()).toBe(0);
    expect((await counter.lookup(maya))?.source).toBe("news.example");
    // A read that began before the commit and ends after it finds the row too.
    const during = counter.lookup(maya);
    gate.resolve();
    await flushed;
    database.write = write;
    expect((await during)?.source).toBe("news.example");
    expect((await counter.lookup(maya))?.source).toBe("news.example");
    await visits.stop();
  });

  it("writes the hits in memory at shutdown even when the first write there fails", async () => {
    const { counter, visits, database, rows } = await counting();
    // The day's secret is made (and written) first: only the flush's writes fail.
    await counter.lookup(maya);
    counter.count(maya, { page: "/", source: fromNews });
    counter.count(dre, { page: "/" });
    const write = database.write;
    let failures = 1;
    database.write = (async (query: Parameters<typeof write>[0]) => {
      if (failures-- > 0) throw new Error("deadlock detected");
      return write(query);
    }) as typeof write;
    await visits.stop();
    database.write = write;
    expect(counter.pending()).toBe(0);
    expect((await rows()).map((row) => row.landing)).toEqual(["/", "/"]);
  });

  it("two instances flushing the same visitors at once both write every hit (no deadlock)", async () => {
    const { database, other } = await databaseOfTwo(backend);
    const instance = (handle: typeof database) => {
      const visits = startVisits({
        enabled: true,
        retentionDays: 400,
        database: handle,
        sealer,
        trustProxy: () => false,
        logger,
        now: () => start,
        flushMs: 3600_000,
      });
      if (!visits.counter) throw new Error("counting is on");
      return { visits, counter: visits.counter };
    };
    const both = [instance(database), instance(other)] as const;
    // One statement's worth of visitors, met by each instance in its own order (the requests
    // a load balancer spread): each upsert locks the same rows, in opposite orders unless the
    // write orders them.
    const visitors = Array.from({ length: 400 }, (_, n) => ({
      ...maya,
      ip: `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    }));
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      for (const visitor of visitors) both[0].counter.count(visitor, { page: "/" });
      for (const visitor of visitors.toReversed()) both[1].counter.count(visitor, { page: "/" });
      await Promise.all(both.map(({ counter }) => counter.flush()));
      expect(both.map(({ counter }) => counter.pending())).toEqual([0, 0]);
    }
    const stored = await database.db.selectFrom("visitors").select("pages").execute();
    expect(stored).toHaveLength(visitors.length);
    expect(stored.reduce((pages, row) => pages + Number(row.pages), 0)).toBe(
      visitors.length * 2 * rounds,
    );
    await Promise.all(both.map(({ visits }) => visits.stop()));
  });

  it("stores no address, no User-Agent, no cookie; yesterday's visitor cannot be linked to today's", async () => {
    const { database, counter, visits, rows, at } = await counting();
    counter.count(maya, { page: "/", source: fromNews });
    await counter.flush();
    const [yesterday] = await rows();
    const dump = async () =>
      JSON.stringify([
        await database.db.selectFrom("visitors").selectAll().execute(),
        await database.db.selectFrom("visitTotals").selectAll().execute(),
        await database.db.selectFrom("visitSecrets").select("day").execute(),
      ]);
    for (const secretless of [maya.ip, maya.userAgent, "Safari", "cookie"]) {
      expect(await dump()).not.toContain(secretless);
    }
    // The next day, past the fold's grace: the same person is a new visitor, under a new secret.
    at(start + 24 * hour);
    await visits.fold();
    expect(await rows()).toEqual([]);
    const secrets = await database.db.selectFrom("visitSecrets").selectAll().execute();
    expect(secrets.map((row) => row.day)).not.toContain(dayOf(start));
    counter.count(maya, { page: "/" });
    await counter.flush();
    const [today] = await rows();
    expect(today?.visitor).not.toBe(yesterday?.visitor);
    expect(today?.day).toBe(dayOf(start) + 1);
    // What is left of yesterday: a count, with nothing that tells one visitor from another.
    const totals = await database.db.selectFrom("visitTotals").selectAll().execute();
    expect(totals).toEqual([
      {
        day: dayOf(start),
        source: "news.example",
        medium: "",
        campaign: "",
        plan: "",
        question: "",
        applied: 0,
        visitors: 1,
        pages: 1,
      },
    ]);
    expect(await dump()).not.toContain(yesterday?.visitor);
    await visits.stop();
  });

  it("keeps yesterday's rows during the grace after midnight, then folds them once", async () => {
    const { database, counter, visits, rows, at } = await counting();
    counter.count(maya, { page: "/" });
    counter.count(dre, { page: "/" });
    await counter.flush();
    at(Date.UTC(2026, 10, 26, 0, 1));
    await visits.fold();
    expect(await rows()).toHaveLength(2);
    at(Date.UTC(2026, 10, 26, 0, 3));
    await Promise.all([visits.fold(), visits.fold()]);
    const totals = await database.db.selectFrom("visitTotals").selectAll().execute();
    expect(totals.map((row) => Number(row.visitors))).toEqual([2]);
    await visits.stop();
  });

  it("purges totals older than the retention", async () => {
    const { database, counter, visits, at } = await counting();
    counter.count(maya, { page: "/" });
    await counter.flush();
    at(start + 2 * 24 * hour);
    await visits.fold();
    expect(await database.db.selectFrom("visitTotals").selectAll().execute()).toHaveLength(1);
    at(start + 401 * 24 * hour);
    await visits.fold();
    expect(await database.db.selectFrom("visitTotals").selectAll().execute()).toHaveLength(0);
    await visits.stop();
  });
});
