import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { fieldKeys } from "#app/shared/fields.ts";
import { migratedDatabase, storageBackends } from "../../test/backends.ts";
import { insightsReport } from "../../team/insights-report.ts";
import { keysByOldPosition, migration0018 } from "./0018_question_keys.ts";
import { migrateToLatest } from "./index.ts";

const dayMs = 24 * 3600_000;
const now = Date.UTC(2026, 10, 28, 12);
const today = Math.floor(now / dayMs);

const counts = { source: "(direct)", medium: "", campaign: "", plan: "Creator" };

describe.each(storageBackends())("0018_question_keys on $name", (backend) => {
  it.skipIf(backend.skip)(
    "turns the positions Insights stored before into the fields' stable keys",
    async () => {
      const { database } = await migratedDatabase(backend);
      // As the migrations see it: snake_case, the columns as they were then.
      // biome-ignore lint/suspicious/noExplicitAny: the database before 0018
      const db = database.db.withoutPlugins() as unknown as Kysely<any>;
      // As before the upgrade: the columns hold positions in the form (0: none started).
      await migration0018().down?.(db);
      await sql`delete from kysely_migration where name = '0018_question_keys'`.execute(db);
      const visitor = (n: number, question: number, applied = 0) => ({
        ...counts,
        day: today,
        visitor: `v${n}`,
        landing: "/onboarding",
        referrer: "",
        question,
        applied,
        pages: 1,
      });
      await db
        .insertInto("visitors")
        .values([visitor(1, 0), visitor(2, 2), visitor(3, 10), visitor(4, 11, 1), visitor(5, 12)])
        .execute();
      const total = (question: number, visitors: number, applied = 0) => ({
        ...counts,
        day: today - 3,
        question,
        applied,
        visitors,
        pages: visitors,
      });
      await db
        .insertInto("visit_totals")
        .values([total(0, 7), total(4, 3), total(7, 2), total(11, 5, 1)])
        .execute();

      expect(await migrateToLatest(db, database.dialect)).toEqual(["0018_question_keys"]);

      const visitors = await db
        .selectFrom("visitors")
        .select(["visitor", "question"])
        .orderBy("visitor")
        .execute();
      expect(visitors).toEqual([
        { visitor: "v1", question: "" },
        { visitor: "v2", question: "email" },
        { visitor: "v3", question: "brand_style" },
        { visitor: "v4", question: "selected_plan" },
        { visitor: "v5", question: "" }, // no field was ever 12th
      ]);
      const totals = await db
        .selectFrom("visit_totals")
        .select(["question", "visitors"])
        .orderBy("visitors")
        .execute();
      expect(totals.map((row) => [row.question, Number(row.visitors)])).toEqual([
        ["content_niche", 2],
        ["account_type", 3],
        ["selected_plan", 5],
        ["", 7],
      ]);
      // The page reads them as before: the same questions, by name.
      const report = await insightsReport(database, now, 7);
      expect(report.stopped).toEqual([
        { question: "email", visitors: 1 },
        { question: "accountType", visitors: 3 },
        { question: "contentNiche", visitors: 2 },
        { question: "brandStyle", visitors: 1 },
      ]);
      expect(report.funnel.started).toBe(
        [2, 10, 11].length + [3, 2, 5].reduce((sum, visitors) => sum + visitors, 0),
      );
    },
  );

  it("froze the form's order as it was: today's keys begin with those eleven", () => {
    // A key is never changed nor reused: the fields of 0012's form keep theirs, in their order.
    expect(
      fieldKeys.filter((key) => (keysByOldPosition as readonly string[]).includes(key)),
    ).toEqual([...keysByOldPosition]);
  });
});
