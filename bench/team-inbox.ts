/**
 * `npm run bench:team`: the team inbox at 100,000 applications, on SQLite and on PostgreSQL
 * (TEST_DATABASE_URL or BENCH_DATABASE_URL; skipped without one). Seeds the applications (2% spam,
 * statuses spread, 0.5% with a failed delivery, five owners, those past New answered 1 to 40 hours
 * after they arrived), then times what the inbox page asks of the database (server/team: the
 * page's rows, the failed-deliveries and overdue counts, the views' counts): the first page
 * (unanswered by due time first), each view (Needs reply, Mine, Unassigned, Overdue), filtered pages (Owner, Due), a page deep into the list, searches, the Response page's
 * figures, and a whole export. Median of 15 runs after 3 warm-up runs. Prints figures; never
 * passes or fails on them (goal: each under 100 ms).
 * BENCH_APPLICATIONS changes the count.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { exampleAnswers } from "#app/shared/fields.ts";
import {
  type InboxQuery,
  inboxPageSize,
  parseInboxQuery,
  viewCountCap,
} from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../server/db/database.ts";
import { addMember, findMember } from "../server/db/members.ts";
import type { NewDelivery, NewSubmission } from "../server/db/schema.ts";
import {
  failedApplicationCount,
  inboxRows,
  overdueCount,
  viewCounts,
} from "../server/db/submissions/inbox.ts";
import { createTestDatabase } from "../server/test/postgres.ts";
import { pagesPort, startTeamSide } from "../server/test/team-side.ts";
import { median, percentile, time as timed } from "./timing.ts";

const total = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const runs = 15;
const warmUps = 3;
const niches = [
  "Fitness coaching",
  "Quick recipes",
  "Tech reviews",
  "Travel vlogs",
  "Skincare",
  "Personal finance",
  "Gardening",
  "Chess tutorials",
];
const statuses = ["new", "new", "new", "contacted", "contacted", "onboarded", "declined"];
const plans = ["Creator", "Influencer", "Enterprise"];
const platforms = ["tiktok", "instagram", "youtube", "linkedin"];
const firstNames = [
  "Maya",
  "Dre",
  "Amara",
  "Jonny",
  "Rina",
  "Kai",
  "Bloom",
  "Sofia",
  "Liam",
  "Noah",
  "Emma",
  "Olivia",
  "Ava",
  "Mateo",
  "Yuki",
  "Priya",
  "Chen",
  "Fatima",
  "Lucas",
  "Zoë",
  "Omar",
  "Ines",
  "Hugo",
  "Lea",
];
const lastNames = [
  "Lopez",
  "Okafor",
  "Nguyen",
  "Smith",
  "Kowalski",
  "Rossi",
  "Dubois",
  "Tanaka",
  "Patel",
  "Haddad",
  "Silva",
  "Jensen",
  "Murphy",
  "Garcia",
  "Novak",
  "Kim",
  "Müller",
  "Ahmed",
  "Costa",
  "Berg",
];
const domains = [
  "gmail.com",
  "outlook.com",
  "yahoo.com",
  "icloud.com",
  "proton.me",
  "hey.com",
  "gmx.de",
  "studio.io",
];
/** A deterministic pseudo-random pick (the same data every run). */
const pick = <T>(list: readonly T[], i: number, salt: number) =>
  list[Math.floor(Math.abs(Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453) % list.length)] as T;

async function main() {
  const results: string[] = [];
  if (process.env.BENCH_ONLY !== "postgres") results.push(...(await benchmark("sqlite", {})));
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const database = await createTestDatabase({
      serverUrl: postgresUrl,
      prefix: "reelsmith_bench",
    });
    try {
      results.push(...(await benchmark("postgres", { DATABASE_URL: database.url })));
    } finally {
      if (process.env.BENCH_KEEP) console.log(`kept: ${database.url}`);
      else await database.drop();
    }
  } else {
    console.log("PostgreSQL skipped: set TEST_DATABASE_URL (source scripts/ci-postgres.sh)");
  }
  console.log(
    `\nTeam inbox at ${total.toLocaleString("en")} applications (median of ${runs} runs, ms)\n`,
  );
  console.log(
    ["| database | what | median ms | p95 ms |", "|---|---|---|---|", ...results].join("\n"),
  );
}

async function benchmark(name: "sqlite" | "postgres", env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-bench-team-"));
  const { team, database, stop } = await startTeamSide({
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  try {
    const seeded = performance.now();
    const owners: string[] = [];
    for (let i = 0; i < 5; i++) {
      await addMember(database, `member${i}@studio.example`);
      owners.push((await findMember(database, `member${i}@studio.example`))?.id ?? "");
    }
    const sample = await seed(database, owners);
    console.log(
      `${name}: seeded ${total.toLocaleString("en")} applications in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const port = pagesPort(team);
    // "Owner: Me" as the first owner's inbox asks it (the port binds the signed-in member).
    const asOwner = (params: string) => {
      const viewer = { memberId: owners[0], now: Date.now() };
      return Promise.all([
        inboxRows(database, query(params), inboxPageSize, viewer),
        failedApplicationCount(database),
        overdueCount(database, viewer.now),
        viewCounts(database, viewer, viewCountCap),
      ]);
    };
    const query = (params: string): InboxQuery => parseInboxQuery(new URLSearchParams(params));
    // A cursor 500 pages down (25,000 rows), as "Older" would reach it.
    let deep = await port.inbox(query(""));
    for (let i = 0; i < 10 && deep.next; i++) deep = await port.inbox(query(`before=${deep.next}`));
    const cases: [string, () => Promise<unknown>][] = [
      ["first page (unanswered, by due time)", () => port.inbox(query(""))],
      ["view: Needs reply, with every view's count", () => port.inbox(query("view=needs"))],
      ["view: Mine, with every view's count", () => asOwner("view=mine")],
      ["view: Unassigned, with every view's count", () => port.inbox(query("view=unassigned"))],
      ["view: Overdue, with every view's count", () => port.inbox(query("view=overdue"))],
      ["filtered: due=overdue", () => port.inbox(query("due=overdue"))],
      ["filtered: owner=none", () => port.inbox(query("owner=none"))],
      ["filtered: owner=me, due=today", () => asOwner("owner=me&due=today")],
      ["filtered: owner=me, status=contacted", () => asOwner("owner=me&status=contacted")],
      ["Response page (7 and 28 days, per member, daily)", () => port.response()],
      [
        "filtered: status=contacted, plan=Enterprise",
        () => port.inbox(query("status=contacted&plan=Enterprise")),
      ],
      ["filtered: spam", () => port.inbox(query("spam=yes"))],
      ["filtered: failed deliveries", () => port.inbox(query("failed=1&spam=all"))],
      ["11th page (keyset)", () => port.inbox(query(`before=${deep.next ?? ""}`))],
      ["search: one applicant's email", () => port.inbox(query(`q=${sample.email}`))],
      ["search: a handle, no match", () => port.inbox(query("q=@nobody-has-this"))],
      ["search: a niche (many matches)", () => port.inbox(query("q=recipes"))],
      ["search + filter: niche, onboarded", () => port.inbox(query("q=chess&status=onboarded"))],
    ];
    const rows: string[] = [];
    for (const [what, run] of cases) {
      const times = await time(run);
      rows.push(`| ${name} | ${what} | ${median(times)} | ${percentile(times, 0.95)} |`);
    }
    const exportStarted = performance.now();
    const bytes = await countBytes(port.export(query("spam=all"), "csv"));
    const exportMs = Math.round(performance.now() - exportStarted);
    rows.push(
      `| ${name} | export CSV, all ${total.toLocaleString("en")} (${(bytes / 1e6).toFixed(0)} MB, streamed) | ${exportMs} | (once) |`,
    );
    return rows;
  } finally {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `total` applications over the last two years, with their deliveries, owners and clocks. */
export async function seed(database: DatabaseHandle, owners: readonly string[]) {
  const start = Date.now() - 2 * 365 * 24 * 3600_000;
  const step = Math.floor((2 * 365 * 24 * 3600_000) / total);
  const batch = 1000;
  // Seeding only: no fsync per commit (the measured queries read; durability is not at stake).
  database.sqlite?.pragma("synchronous = OFF");
  let sample = { email: "" };
  for (let offset = 0; offset < total; offset += batch) {
    const submissions: NewSubmission[] = [];
    const deliveries: NewDelivery[] = [];
    for (let i = offset; i < Math.min(total, offset + batch); i++) {
      const id = randomUUID();
      const createdAt = start + i * step;
      const status = statuses[i % statuses.length] as string;
      const first = pick(firstNames, i, 1);
      const last = pick(lastNames, i, 2);
      const email = `${first}.${last}${i}@${pick(domains, i, 3)}`.toLowerCase();
      if (i === Math.floor(total / 3)) sample = { email };
      submissions.push({
        id,
        ...exampleAnswers(),
        name: `${first} ${last}`,
        email,
        accountHandle: `@${first}${pick(lastNames, i, 4)}${(i * 7919) % 10_000}`.toLowerCase(),
        accountType: "creator",
        primaryPlatform: platforms[i % platforms.length] as string,
        audienceSize: "10k-50k",
        contentNiche: `${niches[i % niches.length]} for busy people`,
        goals:
          "Grow to 100k followers this year and turn the audience into paying clients. ".repeat(3),
        currentChallenges:
          "Editing takes every evening; posting is irregular and captions are an afterthought. ".repeat(
            2,
          ),
        brandStyle: i % 3 === 0 ? "Warm colours, bold captions, no stock music" : "",
        selectedPlan: plans[i % plans.length] as string,
        createdAt,
        ipHash: "0".repeat(64),
        userAgent: "bench",
        isSpam: i % 50 === 0 ? 1 : 0,
        idempotencyKey: null,
        status,
        // One in 40 unassigned (nobody was available); answered when past New.
        ownerId: i % 40 === 0 ? null : (owners[i % owners.length] ?? null),
        dueAt: createdAt + 24 * 3600_000,
        firstResponseAt: status === "new" ? null : createdAt + (1 + (i % 40)) * 3600_000,
        // One in 100 answered has a reply back nobody has read (the Needs reply views).
        newReply: status !== "new" && i % 100 === 3 ? 1 : 0,
      });
      if (i % 50 === 0) continue;
      for (const kind of ["team_notification", "applicant_confirmation"] as const) {
        const failed = kind === "team_notification" && i % 200 === 1;
        deliveries.push({
          id: randomUUID(),
          submissionId: id,
          kind,
          status: failed ? "failed" : "done",
          attempts: failed ? 6 : 1,
          nextAttemptAt: createdAt,
          lastError: failed ? "550 mailbox unavailable" : null,
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < submissions.length; i += 100) {
        await trx
          .insertInto("submissions")
          .values(submissions.slice(i, i + 100))
          .execute();
      }
      for (let i = 0; i < deliveries.length; i += 100) {
        await trx
          .insertInto("deliveries")
          .values(deliveries.slice(i, i + 100))
          .execute();
      }
    });
  }
  database.sqlite?.pragma("synchronous = FULL");
  // As autovacuum would have by then: statistics, and the visibility map index-only scans need.
  if (database.dialect === "postgres") await database.pool?.query("VACUUM ANALYZE");
  else database.sqlite?.exec("ANALYZE");
  return sample;
}

const time = (run: () => Promise<unknown>) => timed(run, { runs, warmUps });

async function countBytes(stream: ReadableStream<Uint8Array>) {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return bytes;
}

if (import.meta.main) await main();
