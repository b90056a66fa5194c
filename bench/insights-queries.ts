/**
 * `npm run bench:insights` (part 2): the Insights page's queries at a year of traffic, on
 * SQLite and on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL). Seeds 364 folded days of
 * visit totals adding up to BENCH_VISITS (3,000,000) visitors, today's visitors as raw rows
 * (a day's share), and BENCH_APPLICATIONS (100,000) applications over the year, each with a
 * source; then times the page's report for 7, 28 and 90 days (median and p95 of 15 runs).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fieldKeys } from "#app/shared/fields.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../server/db/database.ts";
import type { NewApplication } from "../server/db/schema.ts";
import type { VisitorsTable, VisitTotalsTable } from "../server/db/visits-schema.ts";
import { insightsReport } from "../server/team/insights-report.ts";
import { validApplication } from "../server/test/fixtures.ts";
import { createTestDatabase } from "../server/test/postgres.ts";
import { median, percentile, time } from "./timing.ts";

const visitsPerYear = Number(process.env.BENCH_VISITS ?? 3_000_000);
const applicationsPerYear = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const dayMs = 24 * 3600_000;
const runs = 15;
const sources = [
  ["(direct)", "", ""],
  ["google.com", "", ""],
  ["news.example", "", ""],
  ["instagram.com", "", ""],
  ["tiktok.com", "", ""],
  ["newsletter", "email", "spring"],
  ["newsletter", "email", "summer"],
  ["youtube", "video", "launch"],
  ["partner", "affiliate", "creator-week"],
  ["linkedin.com", "", ""],
] as const;
const plans = ["", "", "Creator", "Influencer", "Enterprise"];
const share = (i: number, salt: number) => Math.abs(Math.sin(i * 12.9898 + salt * 78.233));

/** One folded day: visitors spread over sources, plans and how far they went. */
function totalsOf(day: number, visitors: number): VisitTotalsTable[] {
  const rows: VisitTotalsTable[] = [];
  let left = visitors;
  let i = 0;
  for (const [source, medium, campaign] of sources) {
    for (const plan of plans) {
      for (const question of plan ? [0, 1, 4, 9, 11] : [0]) {
        for (const applied of question >= 9 ? [0, 1] : [0]) {
          const n = Math.min(left, Math.round(share(day * 1000 + i++, 1) * visitors * 0.02));
          left -= n;
          rows.push({
            day,
            source,
            medium,
            campaign,
            plan,
            question: question === 0 ? "" : (fieldKeys[question - 1] ?? ""),
            applied,
            visitors: n,
            pages: n * 2,
          });
        }
      }
    }
  }
  if (rows[0]) rows[0].visitors += left;
  return rows;
}

async function insertAll(
  database: DatabaseHandle,
  table: "visitTotals" | "visitors" | "submissions",
  rows: readonly object[],
  size: number,
) {
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += size) {
      await trx
        .insertInto(table)
        // biome-ignore lint/suspicious/noExplicitAny: seeding three tables through one helper
        .values(rows.slice(start, start + size) as any)
        .execute();
    }
  });
}

async function seed(database: DatabaseHandle, now: number) {
  const today = Math.floor(now / dayMs);
  const perDay = Math.round(visitsPerYear / 365);
  const totals: VisitTotalsTable[] = [];
  for (let day = today - 364; day < today; day++) totals.push(...totalsOf(day, perDay));
  await insertAll(database, "visitTotals", totals, 500);
  const visitors: VisitorsTable[] = Array.from({ length: perDay }, (_, i) => {
    const [source, medium, campaign] = sources[i % sources.length] ?? sources[0];
    return {
      day: today,
      visitor: randomUUID().replaceAll("-", ""),
      landing: "/",
      source,
      medium,
      campaign,
      referrer: "",
      plan: plans[i % plans.length] ?? "",
      question: i % 12 === 0 ? "" : (fieldKeys[(i % 12) - 1] ?? ""),
      applied: i % 40 === 0 ? 1 : 0,
      pages: 2,
    };
  });
  await insertAll(database, "visitors", visitors, 500);
  const answers = validApplication() as Omit<NewApplication, "id">;
  const applications: NewApplication[] = Array.from({ length: applicationsPerYear }, (_, i) => {
    const [source, medium, campaign] = sources[i % sources.length] ?? sources[0];
    const createdAt = now - Math.floor(share(i, 2) * 365 * dayMs);
    return {
      ...answers,
      id: randomUUID(),
      email: `a${i}@example.com`,
      selectedPlan: plans[2 + (i % 3)] ?? "Creator",
      createdAt,
      dueAt: createdAt + dayMs,
      firstResponseAt: i % 3 ? createdAt + 3600_000 * (i % 30) : null,
      status: i % 7 === 0 ? "onboarded" : "contacted",
      ipHash: "0",
      userAgent: "bench",
      isSpam: i % 50 === 0 ? 1 : 0,
      idempotencyKey: null,
      idempotencyHash: null,
      visitSource: i % 11 === 0 ? null : source,
      visitMedium: medium,
      visitCampaign: campaign,
      visitReferrer: "",
      visitLandingPage: "/",
    };
  });
  await insertAll(database, "submissions", applications, 500);
  return { totals: totals.length, visitors: visitors.length };
}

async function benchmark(name: string, url: string | undefined): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-bench-insights-"));
  const database = await openMigratedDatabase({ DATABASE_URL: url, dataDir });
  try {
    const now = Date.now();
    const started = performance.now();
    const seeded = await seed(database, now);
    console.log(
      `${name}: seeded ${seeded.totals.toLocaleString("en")} daily total rows, ${seeded.visitors.toLocaleString("en")} visitors today, ${applicationsPerYear.toLocaleString("en")} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const rows: string[] = [];
    for (const days of [7, 28, 90] as const) {
      const times = await time(() => insightsReport(database, now, days), { runs, warmUps: 3 });
      rows.push(
        `| ${name} | Insights, ${days} days | ${median(times)} | ${percentile(times, 0.95)} |`,
      );
    }
    return rows;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchInsightsQueries() {
  const results = await benchmark("sqlite", undefined);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createTestDatabase({ serverUrl, prefix: "reelsmith_bench" });
    try {
      results.push(...(await benchmark("postgres", database.url)));
    } finally {
      await database.drop();
    }
  } else {
    console.log(
      "PostgreSQL skipped: set TEST_DATABASE_URL (PG_TEST_ON_DISK=1 source scripts/ci-postgres.sh)",
    );
  }
  console.log(
    `\nInsights at ${visitsPerYear.toLocaleString("en")} visits and ${applicationsPerYear.toLocaleString("en")} applications a year (ms, ${runs} runs)\n`,
  );
  console.log(
    ["| database | what | median ms | p95 ms |", "|---|---|---|---|", ...results].join("\n"),
  );
}
