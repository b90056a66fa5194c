// Dev tool: runs the inbox's queries once against a kept bench database, printing each SQL with its plan and time.
import SQLite from "better-sqlite3";
import pg from "pg";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { parseInboxQuery, viewCountCap } from "../app/shared/inbox-query.ts";
import * as inbox from "../server/db/submissions/inbox.ts";
import { responseRows } from "../server/db/submissions/response.ts";
import { applicationSources } from "../server/db/submissions/visit-sources.ts";

const [backend, where, caseName] = process.argv.slice(2);
const captured: { sql: string; params: readonly unknown[] }[] = [];
const log = (event: any) => { if (event.level === "query") captured.push({ sql: event.query.sql, params: event.query.parameters }); };
let db: any; let explain: (q: { sql: string; params: readonly unknown[] }) => Promise<string>;
let raw: any;
if (backend === "sqlite") {
  raw = new SQLite(where, { readonly: true });
  db = new Kysely({ dialect: new SqliteDialect({ database: raw }), plugins: [new CamelCasePlugin()], log });
  explain = async (q) => {
    const plan = raw.prepare(`explain query plan ${q.sql}`).all(...q.params).map((r: any) => `${r.id}/${r.parent} ${r.detail}`).join("\n");
    const t = performance.now(); for (let i = 0; i < 5; i++) raw.prepare(q.sql).all(...q.params); 
    return `${plan}\n(${((performance.now() - t) / 5).toFixed(1)} ms)`;
  };
} else {
  const pool = new pg.Pool({ connectionString: where, types: { getTypeParser: ((oid: number, f: any) => oid === 20 ? Number : pg.types.getTypeParser(oid, f)) as any } });
  db = new Kysely({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()], log });
  raw = pool;
  explain = async (q) => (await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[])).rows.map((r: any) => r["QUERY PLAN"]).join("\n");
}
const handle = { db, dialect: backend };
const owner = (await db.selectFrom("teamMembers").select("id").orderBy("email").executeTakeFirst()).id;
const viewer = { memberId: owner, now: Date.now() };
const q = (p: string) => parseInboxQuery(new URLSearchParams(p));
const cases: Record<string, () => Promise<unknown>> = {
  counts: () => Promise.all([inbox.failedApplicationCount(handle), inbox.overdueCount(handle, viewer.now), inbox.viewCounts(handle, viewer, viewCountCap), applicationSources(handle)]),
  response: () => responseRows(handle, Math.floor(Date.now() / 86400000) * 86400000 - 27 * 86400000, Date.now()),
};
const run = cases[caseName] ?? (() => inbox.inboxRows(handle, q(caseName), 50, viewer));
await run();
for (const c of captured) {
  console.log("-----\n" + c.sql + "\n" + JSON.stringify(c.params));
  console.log(await explain(c));
}
await db.destroy();
