/**
 * The inbox's queries with their plans, against a database `npm run bench:team` kept
 * (BENCH_REUSE): runs one inbox page (its filters as a query string), its counts (`counts`) or
 * the Response page (`response`) once, then prints each SQL statement it ran with EXPLAIN QUERY
 * PLAN and its time (SQLite) or EXPLAIN (ANALYZE, BUFFERS) (PostgreSQL).
 *
 *   node bench/team-inbox-plans.ts sqlite /tmp/reelsmith-bench-team-m1/reelsmith.db "status=new"
 *   node bench/team-inbox-plans.ts postgres postgres://…/reelsmith_bench_m1 counts
 */
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, type LogEvent, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { inboxPageSize, parseInboxQuery, viewCountCap } from "#app/shared/inbox-query.ts";
import {
  failedApplicationCount,
  inboxRows,
  overdueCount,
  viewCounts,
} from "../server/db/applications/inbox.ts";
import { applicationSources } from "../server/db/applications/visit-sources.ts";
import type { Dialect } from "../server/db/dialect.ts";
import type { Database } from "../server/db/schema.ts";
import { responseReport } from "../server/team/response-report.ts";

type Statement = { sql: string; parameters: readonly unknown[] };

const [backend, where, what = ""] = process.argv.slice(2);
if ((backend !== "sqlite" && backend !== "postgres") || !where) {
  console.error(
    "usage: node bench/team-inbox-plans.ts sqlite|postgres <file|url> <query|counts|response>",
  );
  process.exit(2);
}
const ran: Statement[] = [];
const log = (event: LogEvent) => {
  if (event.level === "query") ran.push(event.query);
};
let explain: (statement: Statement) => Promise<string>;
let db: Kysely<Database>;
if (backend === "sqlite") {
  const sqlite = new SQLite(where, { readonly: true });
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
    log,
  });
  explain = async ({ sql, parameters }) => {
    const plan = sqlite
      .prepare(`explain query plan ${sql}`)
      .all(...parameters)
      .map((row) => (row as { detail: string }).detail)
      .join("\n");
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < 5; i++) sqlite.prepare(sql).all(...parameters);
    const { user, system } = process.cpuUsage(cpu);
    const ms = (performance.now() - started) / 5;
    // CPU time too: on a shared machine the wall clock says as much about the others' load.
    return `${plan}\n(${ms.toFixed(1)} ms, ${((user + system) / 5000).toFixed(1)} ms of CPU, mean of 5)`;
  };
} else {
  const pool = new pg.Pool({ connectionString: where });
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log,
  });
  explain = async ({ sql, parameters }) =>
    (await pool.query(`explain (analyze, buffers) ${sql}`, [...parameters])).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");
}
const handle = { db, dialect: backend as Dialect };
const first = await db.selectFrom("teamMembers").select("id").orderBy("email").executeTakeFirst();
const viewer = { memberId: first?.id, now: Date.now() };
if (what === "counts") {
  await failedApplicationCount(handle);
  await overdueCount(handle, viewer.now);
  await viewCounts(handle, viewer, viewCountCap);
  await applicationSources(handle);
} else if (what === "response") {
  await responseReport(handle, viewer.now, 24);
} else {
  await inboxRows(handle, parseInboxQuery(new URLSearchParams(what)), inboxPageSize, viewer);
}
for (const statement of ran.slice(1)) {
  console.log(`-----\n${statement.sql}\n${JSON.stringify(statement.parameters)}`);
  console.log(await explain(statement));
}
await db.destroy();
