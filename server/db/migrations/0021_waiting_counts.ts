import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";
import { createIndex } from "./create-index.ts";

/** A row of `submissions` (as `row`) waiting for an answer: genuine, unanswered, with a due time. */
const waiting = (row: string) =>
  `${row}.is_spam = 0 and ${row}.first_response_at is null and ${row}.due_at is not null`;

/**
 * 0021_waiting_counts: what the inbox and the Response page count on every view, kept or read
 * from an index, so that their cost does not grow with the table (decision 0075).
 * - `waiting_counts`: the applications waiting for an answer, per owner ('' for nobody), kept
 *   by triggers in the transaction of every write (intake, actions, spam, retention, erase).
 *   Overdue is that minus the waiting ones not yet due (an index range of the last promise's
 *   worth of applications): exact, without reading the whole backlog.
 * - PostgreSQL: the waiting part of a Status filter from a partial index per status, and of
 *   "New reply" from one of those with a reply back. With one index on (status, due_at, id) it
 *   walked the waiting index by due time instead, checking each row's status (statuses past New
 *   are answered: it read them all to find none); with none for new_reply, the same.
 * - The Response page's rows of a window, covered by one index (owner, due and first response
 *   after created_at): its figures are summed in the database from there.
 */
export function migration0021(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("waiting_counts")
        .addColumn("owner_id", "text", (col) => col.primaryKey())
        .addColumn("waiting", "integer", (col) => col.notNull())
        .execute();
      if (dialect === "postgres") await postgresTriggers(db);
      else await sqliteTriggers(db);
      await sql`insert into waiting_counts (owner_id, waiting)
        select coalesce(owner_id, ''), count(*) from submissions s where ${sql.raw(waiting("s"))}
        group by coalesce(owner_id, '')`.execute(db);

      if (dialect === "postgres") {
        await sql`drop index submissions_waiting_status`.execute(db);
        for (const status of ["new", "contacted", "onboarded", "declined"]) {
          await sql`create index ${sql.ref(`submissions_waiting_${status}`)} on submissions (due_at, id)
            where status = ${sql.lit(status)} and is_spam = 0 and first_response_at is null`.execute(
            db,
          );
        }
        // The same for "New reply": the waiting ones with a reply back (few, if any).
        await sql`create index submissions_waiting_new_reply on submissions (due_at, id)
          where new_reply = 1 and is_spam = 0 and first_response_at is null`.execute(db);
        await sql`create index submissions_response on submissions (created_at)
          include (owner_id, due_at, first_response_at) where is_spam = 0`.execute(db);
      } else {
        await createIndex(db, "submissions_response", "submissions", [
          "is_spam",
          "created_at",
          "owner_id",
          "due_at",
          "first_response_at",
        ]);
      }
    },
  };
}

/** Row triggers: SQLite has one writer, so no two transactions wait on a count's row. */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
async function sqliteTriggers(db: Kysely<any>) {
  const add = (row: string) =>
    sql.raw(`insert into waiting_counts (owner_id, waiting)
    select coalesce(${row}.owner_id, ''), 1 where ${waiting(row)}
    on conflict (owner_id) do update set waiting = waiting + 1;`);
  const remove = (row: string) =>
    sql.raw(`update waiting_counts set waiting = waiting - 1
    where owner_id = coalesce(${row}.owner_id, '') and ${waiting(row)};`);
  await sql`create trigger waiting_counts_insert after insert on submissions
    begin ${add("new")} end`.execute(db);
  await sql`create trigger waiting_counts_delete after delete on submissions
    begin ${remove("old")} end`.execute(db);
  await sql`create trigger waiting_counts_update
    after update of is_spam, first_response_at, due_at, owner_id on submissions
    when (${sql.raw(waiting("old"))}) or (${sql.raw(waiting("new"))})
    begin ${remove("old")} ${add("new")} end`.execute(db);
}

/**
 * Statement triggers over the transition tables: one change per owner and statement, applied in
 * the owners' order (a retention batch or an intake batch locks each owner's row once, in the
 * same order as any other writer).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
async function postgresTriggers(db: Kysely<any>) {
  const changes = {
    insert: `select coalesce(owner_id, '') as owner_id, 1 as change from new_rows r where ${waiting("r")}`,
    delete: `select coalesce(owner_id, '') as owner_id, -1 as change from old_rows r where ${waiting("r")}`,
  };
  const bodies = {
    insert: changes.insert,
    delete: changes.delete,
    update: `${changes.insert} union all ${changes.delete}`,
  };
  for (const [operation, changed] of Object.entries(bodies)) {
    const name = `waiting_counts_${operation}`;
    await sql`create function ${sql.ref(name)}() returns trigger language plpgsql as ${sql.raw(`$$
      begin
        insert into waiting_counts (owner_id, waiting)
          select owner_id, sum(change) from (${changed}) changes
          group by owner_id having sum(change) <> 0 order by owner_id
          on conflict (owner_id) do update set waiting = waiting_counts.waiting + excluded.waiting;
        return null;
      end $$`)}`.execute(db);
    const transition =
      operation === "insert"
        ? "new table as new_rows"
        : operation === "delete"
          ? "old table as old_rows"
          : "old table as old_rows new table as new_rows";
    await sql`create trigger ${sql.ref(name)} after ${sql.raw(operation)} on submissions
      referencing ${sql.raw(transition)} for each statement execute function ${sql.ref(name)}()`.execute(
      db,
    );
  }
}
