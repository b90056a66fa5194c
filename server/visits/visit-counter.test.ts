import pino from "pino";
import { describe, expect, it } from "vitest";
import { directSource } from "#app/shared/application-source.ts";
import { fieldKeys } from "#app/shared/fields.ts";
import { migratedDatabase, storageBackends } from "../test/backends.ts";
import { startVisits } from "./start-visits.ts";
import { dayOf } from "./visit-counter.ts";

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
const fromNews = { source: "news.example", medium: "", campaign: "", referrer: "news.example" };

for (const backend of storageBackends()) {
  describe.skipIf(backend.skip)(`counting visits (${backend.name})`, () => {
    async function counting() {
      const { database } = await migratedDatabase(backend);
      let now = start;
      const visits = startVisits({
        enabled: true,
        retentionDays: 400,
        database,
        trustProxy: () => false,
        logger,
        now: () => now,
        flushMs: 3600_000,
      });
      const counter = visits.counter;
      if (!counter) throw new Error("counting is on");
      const rows = () =>
        database.db.selectFrom("visitors").selectAll().orderBy("landing").execute();
      return { database, visits, counter, rows, at: (ms: number) => (now = ms) };
    }

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
}
