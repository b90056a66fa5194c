import { type Compilable, sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { VisitorsTable } from "../visits-schema.ts";
import { advisoryLock } from "../write-query.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** Rows per INSERT: 12 parameters each (and the question keys twice), far below the limits. */
export const visitorsPerStatement = 500;

/** A question key's place in `order` from 1; 0 for "" or a key not in it (SQL). */
const rankOf = (column: string, order: readonly string[]) =>
  sql<number>`case ${sql.ref(column)} ${sql.join(
    order.map((key, index) => sql`when ${key} then ${sql.lit(index + 1)}`),
    sql` `,
  )} else 0 end`;

/**
 * One statement that adds visitors' hits of their day: a new visitor's row as is (where they
 * came from, on their first page), an existing one's pages added, the plan replaced by the last
 * one seen, `applied` kept at its highest and the question kept at the furthest: the latest in
 * `questionOrder` (the form's keys in order). Where they came from is never replaced: the
 * first page of the day counts, whichever instance wrote it.
 */
export function upsertVisitors(
  handle: Handle,
  rows: readonly VisitorsTable[],
  questionOrder: readonly string[],
) {
  return handle.db
    .insertInto("visitors")
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(["day", "visitor"]).doUpdateSet((eb) => {
        const applied = eb
          .case()
          .when("excluded.applied", ">", eb.ref("visitors.applied"))
          .then(eb.ref("excluded.applied"))
          .else(eb.ref("visitors.applied"))
          .end();
        const further = sql<boolean>`${rankOf("excluded.question", questionOrder)} > ${rankOf("visitors.question", questionOrder)}`;
        const question = eb
          .case()
          .when(further)
          .then(eb.ref("excluded.question"))
          .else(eb.ref("visitors.question"))
          .end();
        return {
          pages: eb("visitors.pages", "+", eb.ref("excluded.pages")),
          plan: eb
            .case()
            .when("excluded.plan", "<>", "")
            .then(eb.ref("excluded.plan"))
            .else(eb.ref("visitors.plan"))
            .end(),
          question,
          applied,
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

/** The advisory lock that makes instances fold one after the other (PostgreSQL). */
const foldLock = advisoryLock(230111);

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
