import { type Compilable, CompiledQuery } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { VisitorsTable } from "../visits-schema.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** Rows per INSERT: 12 parameters each, far below SQLite's and PostgreSQL's limits. */
export const visitorsPerStatement = 500;

/**
 * One statement that adds visitors' hits of their day: a new visitor's row as is (where they
 * came from, on their first page), an existing one's pages added, the plan replaced by the last
 * one seen, the furthest question and `applied` kept at their highest. Where they came from is
 * never replaced: the first page of the day counts, whichever instance wrote it.
 */
export function upsertVisitors(handle: Handle, rows: readonly VisitorsTable[]) {
  return handle.db
    .insertInto("visitors")
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(["day", "visitor"]).doUpdateSet((eb) => {
        const larger = (column: "question" | "applied") =>
          eb
            .case()
            .when(`excluded.${column}`, ">", eb.ref(`visitors.${column}`))
            .then(eb.ref(`excluded.${column}`))
            .else(eb.ref(`visitors.${column}`))
            .end();
        return {
          pages: eb("visitors.pages", "+", eb.ref("excluded.pages")),
          plan: eb
            .case()
            .when("excluded.plan", "<>", "")
            .then(eb.ref("excluded.plan"))
            .else(eb.ref("visitors.plan"))
            .end(),
          question: larger("question"),
          applied: larger("applied"),
        };
      }),
    );
}

/** A visitor of a day, if they were counted (and not folded yet). */
export function findVisitor(
  handle: Handle,
  day: number,
  visitor: string,
): Promise<VisitorsTable | undefined> {
  return handle.db
    .selectFrom("visitors")
    .selectAll()
    .where("day", "=", day)
    .where("visitor", "=", visitor)
    .executeTakeFirst();
}

const raw = (text: string): Compilable => ({ compile: () => CompiledQuery.raw(text) });
/** The advisory lock that makes instances fold one after the other (PostgreSQL). */
const foldLock = raw("select pg_advisory_xact_lock(230111)");

/**
 * The statements, for ONE transaction, that fold the visitors of the days before `today` into
 * per-day totals, delete their rows, and delete those days' secrets: after this, nothing of a
 * past day can tell one visitor from another, or be linked to a visitor of today. On
 * PostgreSQL an advisory lock makes a second instance wait, then find nothing left to fold.
 */
export function foldPastDays(handle: Handle, today: number): Compilable[] {
  const { db } = handle;
  const columns = ["day", "source", "medium", "campaign", "plan", "question", "applied"] as const;
  return [
    ...(handle.dialect === "postgres" ? [foldLock] : []),
    db
      .insertInto("visitTotals")
      .columns([...columns, "visitors", "pages"])
      .expression(
        db
          .selectFrom("visitors")
          .select(columns)
          .select((eb) => [
            eb.fn.countAll<number>().as("visitors"),
            eb.fn.sum<number>("pages").as("pages"),
          ])
          .where("day", "<", today)
          .groupBy([...columns]),
      ),
    db.deleteFrom("visitors").where("day", "<", today),
    db.deleteFrom("visitSecrets").where("day", "<", today),
  ];
}

/** Deletes the totals of the days before `cutoffDay` (ANALYTICS_RETENTION_DAYS). */
export function purgeTotals(handle: Handle, cutoffDay: number) {
  return handle.db.deleteFrom("visitTotals").where("day", "<", cutoffDay);
}
