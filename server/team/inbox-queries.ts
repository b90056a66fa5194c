import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { InboxQuery } from "../../app/team/inbox-query.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The applications of a filter, newest first: the WHERE clause shared by the inbox page and
 * the exports. Search looks at name, email, handle and niche, ignoring case.
 */
export function filtered<O>(
  handle: Handle,
  query: InboxQuery,
  base: SelectQueryBuilder<Database, "submissions", O>,
): SelectQueryBuilder<Database, "submissions", O> {
  let select = base;
  if (query.spam !== "all") select = select.where("isSpam", "=", query.spam === "yes" ? 1 : 0);
  if (query.status) select = select.where("status", "=", query.status);
  if (query.plan) select = select.where("selectedPlan", "=", query.plan);
  if (query.failed) {
    select = select.where("id", "in", (eb) =>
      eb.selectFrom("deliveries").select("submissionId").where("status", "=", "failed"),
    );
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    const like = handle.dialect === "postgres" ? sql.raw("ilike") : sql.raw("like");
    select = select.where((eb: ExpressionBuilder<Database, "submissions">) =>
      eb.or(
        (["name", "email", "accountHandle", "contentNiche"] as const).map(
          (column) => sql<boolean>`${eb.ref(column)} ${like} ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return select;
}

/** One page of the inbox (keyset: rows older than `query.before`), and where the next starts. */
export async function inboxRows(handle: Handle, query: InboxQuery, pageSize: number) {
  let select = filtered(
    handle,
    query,
    handle.db
      .selectFrom("submissions")
      .select([
        "id",
        "createdAt",
        "name",
        "selectedPlan",
        "primaryPlatform",
        "audienceSize",
        "status",
        "isSpam",
      ]),
  );
  if (query.before) {
    const { createdAt, id } = query.before;
    select = select.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(createdAt, id)));
  }
  const rows = await select
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize).map((row) => ({ ...row, isSpam: row.isSpam === 1 }));
  return { rows: page, more: rows.length > pageSize };
}

/** Applications with at least one delivery that failed for good. */
export async function failedApplicationCount({ db }: Handle): Promise<number> {
  const row = await db
    .selectFrom("deliveries")
    .select((eb) => eb.fn.count<number>("submissionId").distinct().as("n"))
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
