import { describe, expect, it } from "vitest";
import { fieldKeys } from "#app/shared/fields.ts";
import { storeSubmissions } from "../db/submissions/store.ts";
import type { InsightRows } from "../db/visits/insights-rows.ts";
import { foldPastDays, upsertVisitors } from "../db/visits/visitors.ts";
import type { VisitorsTable } from "../db/visits-schema.ts";
import { migratedDatabase, storageBackends } from "../test/backends.ts";
import { pendingSubmission, visitorRow } from "../test/stored.ts";
import { insightsOf, insightsReport } from "./insights-report.ts";

const dayMs = 24 * 3600_000;
/** 25 Nov 2026, 15:00 UTC. */
const now = Date.UTC(2026, 10, 25, 15);
const today = Math.floor(now / dayMs);

const visitor = (day: number, n: number, row: Partial<VisitorsTable> = {}) =>
  visitorRow(day, `v${day}-${n}`, row);

describe("the Insights page built from rows (no database)", () => {
  const group = { source: "(direct)", medium: "", campaign: "" };
  const rows: InsightRows = {
    visitDays: [{ day: today - 1, visitors: 5, chosePlan: 3, started: 2 }],
    visitGroups: [
      { ...group, plan: "", question: "", applied: 0, visitors: 2 },
      { ...group, plan: "Creator", question: "", applied: 0, visitors: 1 },
      { ...group, plan: "Creator", question: "email", applied: 0, visitors: 1 },
      { ...group, plan: "Enterprise", question: "gone_field", applied: 0, visitors: 1 },
      { ...group, plan: "Enterprise", question: "name", applied: 1, visitors: 3 },
      {
        source: "ads",
        medium: "cpc",
        campaign: "x",
        plan: "",
        question: "name",
        applied: 0,
        visitors: 4,
      },
    ],
    applicationDays: [{ day: today, applications: 2 }],
    applicationGroups: [
      {
        ...group,
        plan: "Enterprise",
        applications: 2,
        answeredInTime: 1,
        onboarded: 1,
      },
    ],
  };
  const report = insightsOf(7, today, rows);

  it("adds the funnel up: visitors, chose a plan, started, applied, answered, onboarded", () => {
    expect(report.funnel).toEqual({
      visitors: 12,
      chosePlan: 6,
      started: 9,
      applied: 2,
      answeredInTime: 1,
      onboarded: 1,
    });
    expect(report.from).toBe((today - 6) * dayMs);
  });

  it("names where visitors stopped by the form's order, a key no longer asked last", () => {
    expect(report.stopped).toEqual([
      { question: "name", visitors: 4 },
      { question: "email", visitors: 1 },
      { question: "gone_field", visitors: 1 },
    ]);
  });

  it("lists every plan of the copy, sources by visitors, and one row per day", () => {
    expect(report.plans).toEqual([
      { plan: "Creator", chosen: 2, applied: 0 },
      { plan: "Influencer", chosen: 0, applied: 0 },
      { plan: "Enterprise", chosen: 4, applied: 2 },
    ]);
    expect(report.sources).toEqual([
      { ...group, visitors: 8, applications: 2 },
      { source: "ads", medium: "cpc", campaign: "x", visitors: 4, applications: 0 },
    ]);
    expect(report.daily.map((row) => row.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => (today - 6 + i) * dayMs),
    );
    expect(report.daily.slice(-2)).toEqual([
      { day: (today - 1) * dayMs, visitors: 5, chosePlan: 3, started: 2, applications: 0 },
      { day: today * dayMs, visitors: 0, chosePlan: 0, started: 0, applications: 2 },
    ]);
  });
});

for (const backend of storageBackends()) {
  describe.skipIf(backend.skip)(`the Insights figures (${backend.name})`, () => {
    it("adds folded days and today, per source, plan, step and day", async () => {
      const { database } = await migratedDatabase(backend);
      const news = { source: "news.example", referrer: "news.example" };
      const mail = { source: "newsletter", medium: "email", campaign: "spring" };
      // Yesterday: 3 visitors (folded into totals), today: 4.
      await database.write(
        upsertVisitors(
          database,
          [
            visitor(today - 1, 1, news),
            visitor(today - 1, 2, { ...news, plan: "Creator", question: "account_type" }),
            visitor(today - 1, 3, {
              ...mail,
              plan: "Influencer",
              question: "current_challenges",
              applied: 1,
            }),
          ],
          fieldKeys,
        ),
      );
      await database.writeTransaction(foldPastDays(database, today));
      await database.write(
        upsertVisitors(
          database,
          [
            visitor(today, 1),
            visitor(today, 2, { ...mail, plan: "Influencer", question: "email" }),
            visitor(today, 3, { ...mail, plan: "Enterprise", question: "brand_style", applied: 1 }),
            visitor(today, 4, { landing: "404" }),
          ],
          fieldKeys,
        ),
      );
      const at = (day: number, row: Record<string, unknown>) =>
        pendingSubmission({ row: { createdAt: day * dayMs + 3600_000, status: "new", ...row } });
      await storeSubmissions(database.db, [
        at(today - 1, {
          selectedPlan: "Influencer",
          visitSource: "newsletter",
          visitMedium: "email",
          visitCampaign: "spring",
          status: "onboarded",
          firstResponseAt: (today - 1) * dayMs + 7200_000,
        }),
        at(today, {
          selectedPlan: "Enterprise",
          visitSource: "newsletter",
          visitMedium: "email",
          visitCampaign: "spring",
        }),
        at(today, { selectedPlan: "Creator" }),
        at(today, { selectedPlan: "Creator", isSpam: 1 }),
        at(today - 9, { selectedPlan: "Creator" }),
      ]);
      const report = await insightsReport(database, now, 7);
      expect(report.funnel).toEqual({
        visitors: 7,
        chosePlan: 4,
        started: 4,
        applied: 3,
        answeredInTime: 1,
        onboarded: 1,
      });
      expect(report.stopped).toEqual([
        { question: "email", visitors: 1 },
        { question: "accountType", visitors: 1 },
      ]);
      expect(report.sources).toEqual(
        [
          { source: "(direct)", medium: "", campaign: "", visitors: 2, applications: 0 },
          {
            source: "newsletter",
            medium: "email",
            campaign: "spring",
            visitors: 3,
            applications: 2,
          },
          { source: "news.example", medium: "", campaign: "", visitors: 2, applications: 0 },
          { source: null, medium: "", campaign: "", visitors: 0, applications: 1 },
        ].sort((a, b) => b.visitors - a.visitors || b.applications - a.applications),
      );
      expect(report.plans).toEqual([
        { plan: "Creator", chosen: 1, applied: 1 },
        { plan: "Influencer", chosen: 2, applied: 1 },
        { plan: "Enterprise", chosen: 1, applied: 1 },
      ]);
      expect(report.daily).toHaveLength(7);
      expect(report.daily.slice(-2)).toEqual([
        { day: (today - 1) * dayMs, visitors: 3, chosePlan: 2, started: 2, applications: 1 },
        { day: today * dayMs, visitors: 4, chosePlan: 2, started: 2, applications: 2 },
      ]);
      expect((await insightsReport(database, now, 28)).funnel.applied).toBe(4);
    });

    it("names a stopped question by its key, in today's order; a field no longer asked last", async () => {
      const { database } = await migratedDatabase(backend);
      await database.write(
        upsertVisitors(
          database,
          [
            visitor(today - 1, 1, { question: "retired_question" }),
            visitor(today - 1, 2, { question: "brand_style" }),
            visitor(today - 1, 3, { question: "name" }),
            visitor(today - 1, 4, { question: "brand_style" }),
          ],
          fieldKeys,
        ),
      );
      await database.writeTransaction(foldPastDays(database, today));
      const report = await insightsReport(database, now, 7);
      expect(report.funnel.started).toBe(4);
      expect(report.stopped).toEqual([
        { question: "name", visitors: 1 },
        { question: "brandStyle", visitors: 2 },
        { question: "retired_question", visitors: 1 },
      ]);
    });
  });
}
