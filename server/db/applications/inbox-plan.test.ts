import type { CompiledQuery } from "kysely";
import { expect, it } from "vitest";
import { parseInboxQuery } from "#app/shared/inbox-query.ts";
import { migratedDatabase, storageBackends } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { inboxRows, overdueCount } from "./inbox.ts";
import { responseTallies } from "./response.ts";
import { storeApplications } from "./store.ts";

const sqlite = storageBackends().find((backend) => backend.name === "sqlite");
const hour = 3600_000;

/**
 * 3,000 applications over 125 days on SQLite (every status, some spam), ANALYZE run as an
 * operator would, and every statement the database is asked from then on (`captured`).
 */
async function analyzedInbox() {
  if (!sqlite) throw new Error("no SQLite backend");
  const { database } = await migratedDatabase(sqlite);
  const now = Date.now();
  const rows = Array.from({ length: 3000 }, (_, i) =>
    pendingApplication({
      row: {
        createdAt: now - i * hour,
        dueAt: now - i * hour + 24 * hour,
        status: ["new", "new", "contacted", "onboarded", "declined"][i % 5] as string,
        firstResponseAt: i % 5 < 2 ? null : now - i * hour + hour,
        isSpam: i % 50 === 0 ? 1 : 0,
      },
      deliveries: [],
    }),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await storeApplications(database.db, rows.slice(i, i + 500), now);
  }
  await database.sqlite?.exec("ANALYZE");
  const captured: CompiledQuery[] = [];
  const executor = database.db.getExecutor();
  const run = executor.executeQuery.bind(executor);
  executor.executeQuery = (compiled, queryId) => {
    captured.push(compiled);
    return run(compiled, queryId);
  };
  return { database, now, captured };
}

// The unanswered part of the inbox must walk an index in its order (due time, then id), never
// sort every unanswered application: with SQLite's statistics (ANALYZE, as an operator or
// PRAGMA optimize runs it) its planner used to skip-scan the status index and sort (0011).
it("SQLite: the unanswered part's pages come from an index in order, after ANALYZE", async () => {
  const { database, now, captured } = await analyzedInbox();
  const planOf = async (params: string) => {
    captured.length = 0;
    await inboxRows(database, parseInboxQuery(new URLSearchParams(params)), 50, { now });
    const [first] = captured;
    if (!first) throw new Error("no query");
    const plan = database.sqlite
      ?.prepare(`explain query plan ${first.sql}`)
      .all(...(first.parameters as unknown[])) as { detail: string }[];
    return plan.map((row) => row.detail).join("\n");
  };
  const firstPage = await inboxRows(database, parseInboxQuery(new URLSearchParams()), 50, { now });
  const cursor = firstPage.rows.at(-1);
  for (const params of [
    "",
    "due=overdue",
    "owner=none",
    "status=new",
    `before=w${cursor?.dueAt}_${cursor?.id}`,
  ]) {
    const plan = await planOf(params);
    expect(plan, params).toMatch(/USING (COVERING )?INDEX submissions_waiting/);
    expect(plan, params).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  }
});

// The counts every page shows and the Response page's window, after ANALYZE: each a range of
// the index made for it (decision 0075). With statistics, SQLite took "due_at is not null" as
// the not-yet-due range (every waiting one) and skip-scanned the status index for the window.
it("SQLite: the overdue counts and the Response page read ranges of their indexes, after ANALYZE", async () => {
  const { database, now, captured } = await analyzedInbox();
  const sqliteFile = database.sqlite;
  if (!sqliteFile) throw new Error("no SQLite connection");
  const plans = () =>
    captured.map((query) =>
      (
        sqliteFile
          .prepare(`explain query plan ${query.sql}`)
          .all(...(query.parameters as unknown[])) as { detail: string }[]
      )
        .map((row) => row.detail)
        .join("\n"),
    );
  await overdueCount(database, now);
  const [overdue] = plans();
  expect(overdue).toMatch(
    /USING COVERING INDEX submissions_waiting \(is_spam=\? AND first_response_at=\? AND due_at>\?\)/,
  );
  captured.length = 0;
  await responseTallies(database, {
    since: now - 28 * 24 * hour,
    cuts: [now - 7 * 24 * hour],
    now,
  });
  const windowReads = plans().filter((plan) => plan.includes("submissions_response"));
  // The day-and-owner sums and the ranks of first responses.
  expect(windowReads).toHaveLength(2);
  for (const plan of windowReads) expect(plan).not.toMatch(/submissions_inbox/);
});
