/**
 * `npm run bench:team`: the team inbox at 100,000 applications (BENCH_APPLICATIONS changes the
 * count; issue 42 asks 1,000,000), on SQLite and on PostgreSQL (TEST_DATABASE_URL or
 * BENCH_DATABASE_URL, a database of its own there; skipped without one; BENCH_ONLY=sqlite or
 * postgres for one). Seeds the applications over two years in one INSERT ... SELECT per table
 * (2% spam, statuses spread, 43% unanswered, 0.5% with a failed delivery, five owners, six
 * sources and one in nine not known, those past New answered 1 to 40 hours after they arrived,
 * one in 100 of those with a reply back), in a temporary directory and database deleted
 * afterwards. Then times what each page asks of the database, as server/team asks it: every view
 * with every view's count, the failed and overdue counts and the sources (the inbox page's
 * Promise.all), every filter value alone and some together, a page deep into the list, searches,
 * the Response page (its 7 and 28 days, and over 7, 30 and 90), and a whole export. Median and
 * 95th percentile of 15 runs after 3 warm-up runs; prints figures, never fails on them (issue
 * 42's goal: each under 50 ms at 1,000,000). BENCH_MATCH and BENCH_REUSE: see below.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { planNames } from "#app/content/plans.ts";
import { exampleAnswers } from "#app/shared/fields.ts";
import {
  type InboxQuery,
  inboxPageSize,
  parseInboxQuery,
  applicationStatuses as statusValues,
  viewCountCap,
} from "#app/shared/inbox-query.ts";
import {
  failedApplicationCount,
  inboxRows,
  overdueCount,
  viewCounts,
} from "../server/db/applications/inbox.ts";
import { applicationSources } from "../server/db/applications/visit-sources.ts";
import type { DatabaseHandle } from "../server/db/database.ts";
import { addMember, findMember } from "../server/db/members.ts";
import { responseReport } from "../server/team/response-report.ts";
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
/** Where applications came from (one in 9 from no visit found). */
const sources = ["(direct)", "google", "instagram", "newsletter", "tiktok", "youtube"];
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

/**
 * BENCH_REUSE=<name> keeps the seeded databases (SQLite in the temp dir, PostgreSQL as
 * reelsmith_bench_<name>) and reuses them on the next run, migrating them first: for working on a
 * query at a million rows without seeding each time. Without it both are deleted after the run.
 */
const reuse = process.env.BENCH_REUSE?.replace(/[^a-z0-9_]/gi, "");
/** BENCH_MATCH=<regular expression>: only the cases whose name matches it. */
const match = process.env.BENCH_MATCH ? new RegExp(process.env.BENCH_MATCH, "i") : undefined;

async function main() {
  const results: string[] = [];
  if (process.env.BENCH_ONLY !== "postgres") results.push(...(await benchmark("sqlite", {})));
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (process.env.BENCH_ONLY === "sqlite") {
    // PostgreSQL not asked for.
  } else if (postgresUrl && reuse) {
    const url = new URL(postgresUrl);
    url.pathname = `/reelsmith_bench_${reuse}`;
    await createDatabaseOnce(postgresUrl, `reelsmith_bench_${reuse}`);
    results.push(...(await benchmark("postgres", { DATABASE_URL: url.toString() })));
  } else if (postgresUrl) {
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
    console.log(
      "PostgreSQL skipped: set TEST_DATABASE_URL (PG_TEST_ON_DISK=1 source scripts/ci-postgres.sh)",
    );
  }
  console.log(
    `\nTeam inbox at ${total.toLocaleString("en")} applications (median of ${runs} runs, ms)\n`,
  );
  console.log(
    ["| database | what | median ms | p95 ms |", "|---|---|---|---|", ...results].join("\n"),
  );
}

async function createDatabaseOnce(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function benchmark(name: "sqlite" | "postgres", env: Record<string, string>) {
  const dataDir = reuse
    ? path.join(tmpdir(), `reelsmith-bench-team-${reuse}`)
    : await mkdtemp(path.join(tmpdir(), "reelsmith-bench-team-"));
  await mkdir(dataDir, { recursive: true });
  const { team, database, stop } = await startTeamSide({
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  try {
    const seeded = performance.now();
    const owners: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `member${i}@studio.example`;
      if (!(await findMember(database, email))) await addMember(database, email);
      owners.push((await findMember(database, email))?.id ?? "");
    }
    const present = await database.db
      .selectFrom("submissions")
      .select("email")
      .orderBy("createdAt")
      .offset(Math.floor(total / 3))
      .limit(1)
      .executeTakeFirst();
    const sample = present ?? (await seed(database, owners, env.DATABASE_URL));
    console.log(
      present
        ? `${name}: reused the seeded ${reuse} database`
        : `${name}: seeded ${total.toLocaleString("en")} applications in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const port = pagesPort(team);
    const query = (params: string): InboxQuery => parseInboxQuery(new URLSearchParams(params));
    // The inbox page as the first owner asks it (what the inbox port reads, "Me" bound to
    // them: the bench has no session to bind it through).
    const asOwner = (params: string) => {
      const viewer = { memberId: owners[0], now: Date.now() };
      return Promise.all([
        inboxRows(database, query(params), inboxPageSize, viewer),
        failedApplicationCount(database),
        overdueCount(database, viewer.now),
        viewCounts(database, viewer, viewCountCap),
        applicationSources(database),
      ]);
    };
    // A cursor 10 pages down, as "Older" would reach it.
    let deep = await port.inbox(query(""));
    for (let i = 0; i < 10 && deep.next; i++) deep = await port.inbox(query(`before=${deep.next}`));
    const inbox = (params: string) => () => port.inbox(query(params));
    type Case = [string, () => Promise<unknown>];
    /** The inbox filtered by `params` alone, named by them. */
    const filter = (params: string): Case => [`filter: ${params}`, inbox(params)];
    const cases: Case[] = [
      ["view: All (first page: unanswered by due time)", inbox("")],
      ["view: Needs reply", inbox("view=needs")],
      ["view: Mine", () => asOwner("view=mine")],
      ["view: Unassigned", inbox("view=unassigned")],
      ["view: Overdue", inbox("view=overdue")],
      ...[
        ...statusValues.map((status) => `status=${status}`),
        ...planNames.map((plan) => `plan=${plan}`),
        ...["source=newsletter", "source=(direct)", "source=(unknown)", "spam=yes", "spam=all"],
      ].map(filter),
      ["filter: owner=me", () => asOwner("owner=me")],
      ...["owner=none", "due=overdue", "due=today", "reply=new"].map(filter),
      ["filter: failed deliveries", inbox("failed=1")],
      ["filter: failed deliveries, spam=all", inbox("failed=1&spam=all")],
      ["filter: owner=me, due=today", () => asOwner("owner=me&due=today")],
      ["filter: owner=me, status=contacted", () => asOwner("owner=me&status=contacted")],
      ["filter: status=contacted, plan=Enterprise", inbox("status=contacted&plan=Enterprise")],
      ["filter: status=declined, source=youtube", inbox("status=declined&source=youtube")],
      ["view: Needs reply, status=contacted", inbox("view=needs&status=contacted")],
      ["11th page (keyset)", inbox(`before=${deep.next ?? ""}`)],
      ["search: one applicant's email", inbox(`q=${sample.email}`)],
      ["search: a handle, no match", inbox("q=@nobody-has-this")],
      ["search: a niche (many matches)", inbox("q=recipes")],
      ["search + filter: niche, onboarded", inbox("q=chess&status=onboarded")],
      ["Response page (7 and 28 days, per member, daily)", () => port.response()],
      ...[7, 30, 90].map(
        (days): Case => [
          `Response page over ${days} days (per member, daily)`,
          () => responseReport(database, Date.now(), 24, [days]),
        ],
      ),
    ];
    const rows: string[] = [];
    for (const [what, run] of cases) {
      if (match && !match.test(what)) continue;
      const times = await time(run);
      rows.push(`| ${name} | ${what} | ${median(times)} | ${percentile(times, 0.95)} |`);
      console.log(rows.at(-1));
    }
    if (!match || match.test("export")) {
      const exportStarted = performance.now();
      const bytes = await countBytes(port.export(query("spam=all"), "csv"));
      const exportMs = Math.round(performance.now() - exportStarted);
      rows.push(
        `| ${name} | export CSV, all ${total.toLocaleString("en")} (${(bytes / 1e6).toFixed(0)} MB, streamed) | ${exportMs} | (once) |`,
      );
    }
    return rows;
  } finally {
    await stop();
    if (!reuse) await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `total` applications over the last two years, with their deliveries, owners, clocks and
 * sources: one template row inserted as intake would (the answers), then one INSERT ... SELECT
 * over a series (SQLite: a recursive CTE; PostgreSQL: generate_series) that copies its answers and
 * computes the rest from the row's number, and one more for the deliveries. A million rows take
 * a minute or two instead of an hour of round trips.
 */
export async function seed(
  database: DatabaseHandle,
  owners: readonly string[],
  postgresUrl?: string,
) {
  const postgres = database.dialect === "postgres";
  const start = Date.now() - 2 * 365 * 24 * 3600_000;
  const step = Math.floor((2 * 365 * 24 * 3600_000) / total);
  const template = "00000000-0000-4000-8000-ffffffffffff";
  await database.db
    .insertInto("submissions")
    .values({
      id: template,
      ...exampleAnswers(),
      accountType: "creator",
      audienceSize: "10k-50k",
      goals: "Grow to 100k followers this year and turn the audience into paying clients. ".repeat(
        3,
      ),
      currentChallenges:
        "Editing takes every evening; posting is irregular and captions are an afterthought. ".repeat(
          2,
        ),
      createdAt: start,
      ipHash: "0".repeat(64),
      userAgent: "bench",
      isSpam: 0,
      idempotencyKey: null,
    })
    .execute();
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  /** A deterministic pseudo-random pick from `list` for row i (the same data every run). */
  const pick = (list: readonly string[], salt: number) =>
    `(case ((i * 2654435761 + ${salt * 40503}) / 7 % ${list.length}) ${list
      .map((value, index) => `when ${index} then ${literal(value)}`)
      .join(" ")} end)`;
  const nth = (list: readonly string[], modulo = "i") =>
    `(case (${modulo} % ${list.length}) ${list
      .map((value, index) => `when ${index} then ${literal(value)}`)
      .join(" ")} end)`;
  const hex12 = (expression: string) =>
    postgres ? `lpad(to_hex(${expression}), 12, '0')` : `printf('%012x', ${expression})`;
  const idOf = (prefix: string) => {
    const text = `'${prefix}-0000-4000-8000-' || ${hex12("i")}`;
    return postgres ? `(${text})::uuid` : text;
  };
  const status = nth(statuses);
  const createdAt = `(${start} + i * ${step})`;
  const computed: Record<string, string> = {
    id: idOf("00000000"),
    created_at: createdAt,
    name: `${pick(firstNames, 1)} || ' ' || ${pick(lastNames, 2)}`,
    email: `lower(${pick(firstNames, 1)} || '.' || ${pick(lastNames, 2)} || i || '@' || ${pick(domains, 3)})`,
    account_handle: `lower('@' || ${pick(firstNames, 1)} || ${pick(lastNames, 4)} || ((i * 7919) % 10000))`,
    primary_platform: nth(platforms),
    content_niche: `${nth(niches)} || ' for busy people'`,
    brand_style: `(case when i % 3 = 0 then 'Warm colours, bold captions, no stock music' else '' end)`,
    selected_plan: nth(plans),
    is_spam: "(case when i % 50 = 0 then 1 else 0 end)",
    idempotency_key: "null",
    idempotency_hash: "null",
    status,
    // One in 40 unassigned (nobody was available).
    owner_id: `(case when i % 40 = 0 then null else ${nth(owners)} end)`,
    due_at: `(${createdAt} + ${24 * 3600_000})`,
    // Answered when past New, 1 to 40 hours after it arrived.
    first_response_at: `(case when ${status} = 'new' then null else ${createdAt} + (1 + i % 40) * 3600000 end)`,
    // One in 100 answered has a reply back nobody has read (the Needs reply views).
    new_reply: `(case when ${status} <> 'new' and i % 100 = 3 then 1 else 0 end)`,
    // One in 9 from no visit found; the rest from six sources.
    visit_source: `(case when i % 9 = 8 then null else ${nth(sources, "(i / 3)")} end)`,
  };
  const columnRows = postgres
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'submissions'`.execute(database.db)
    : await sql<{ name: string }>`select name from pragma_table_info('submissions')`.execute(
        database.db,
      );
  const columns = columnRows.rows.map((row) => row.name);
  const series = postgres ? `generate_series(0::bigint, ${total - 1}) as series(i)` : "series";
  const recursive = postgres
    ? ""
    : `with recursive series(i) as (select 0 union all select i + 1 from series where i < ${total - 1}) `;
  const insertApplications = `insert into submissions (${columns.map((c) => `"${c}"`).join(", ")})
    ${recursive}select ${columns.map((c) => computed[c] ?? `t."${c}"`).join(", ")}
    from ${series} cross join submissions t where t.id = '${template}'`;
  // Two deliveries per genuine application; one in 200 team notifications failed for good.
  const insertDeliveries = `insert into deliveries
    (id, submission_id, kind, status, attempts, next_attempt_at, last_error, created_at, updated_at)
    ${recursive}select case k.kind when 1 then ${idOf("00000001")} else ${idOf("00000002")} end,
      ${idOf("00000000")}, k.name,
      case when k.kind = 1 and i % 200 = 1 then 'failed' else 'done' end,
      case when k.kind = 1 and i % 200 = 1 then 6 else 1 end, ${createdAt},
      case when k.kind = 1 and i % 200 = 1 then '550 mailbox unavailable' else null end,
      ${createdAt}, ${createdAt}
    from ${series} cross join (select 1 as kind, 'team_notification' as name
      union all select 2, 'applicant_confirmation') k
    where i % 50 <> 0`;
  if (database.sqlite) {
    // Seeding only: no fsync (the measured queries read; durability is not at stake).
    database.sqlite.pragma("synchronous = OFF");
    database.sqlite.transaction(() => {
      database.sqlite?.exec(insertApplications);
      database.sqlite?.exec(insertDeliveries);
      database.sqlite?.exec(`delete from submissions where id = '${template}'`);
    })();
    database.sqlite.pragma("synchronous = FULL");
    database.sqlite.exec("ANALYZE");
    // As a server's automatic checkpoints would have: a reader looks each page up in a WAL of
    // 2.7 GB (a million rows in one transaction) otherwise, and every query pays for it.
    database.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } else {
    // Its own connection: the pool's query timeout is for requests, not for a million rows.
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query("begin");
      await client.query("set local synchronous_commit = off");
      await client.query(insertApplications);
      await client.query(insertDeliveries);
      await client.query(`delete from submissions where id = '${template}'`);
      await client.query("commit");
      // As autovacuum would have by then: statistics, and the visibility map index-only scans need.
      await client.query("vacuum analyze submissions");
      await client.query("vacuum analyze deliveries");
    } finally {
      await client.end();
    }
  }
  const i = Math.floor(total / 3);
  const row = await database.db
    .selectFrom("submissions")
    .select("email")
    .where("createdAt", "=", start + i * step)
    .executeTakeFirst();
  return { email: row?.email ?? "" };
}

const time = (run: () => Promise<unknown>) => timed(run, { runs, warmUps });

async function countBytes(stream: ReadableStream<Uint8Array>) {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return bytes;
}

if (import.meta.main) await main();
