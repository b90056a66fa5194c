import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { type InboxQuery, isSearchable } from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../database.ts";
import type { Database } from "../schema.ts";
import { postgresSearchText } from "./search-text.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * How a search runs. SQLite, three characters or more: the trigram index (0003_team) finds the
 * matching rows when they are few (up to `indexedMatchesMax`); when there are more, scanning the
 * newest applications finds a page of them sooner. PostgreSQL: LIKE on the lower-cased searched
 * text, which pg_trgm's index serves (its planner picks that or the newest-first walk itself).
 * SQLite with one or two characters: LIKE on the columns, a scan. See docs/decisions/0033.
 */
export type SearchPlan = { rowids: number[] } | { scan: true };

export const indexedMatchesMax = 2000;

export async function planSearch(handle: Handle, q: string | undefined): Promise<SearchPlan> {
  // A control character (parseInboxQuery refuses them) matches nothing: never near the SQL.
  if (q && !isSearchable(q)) return { rowids: [] };
  if (!q || handle.dialect !== "sqlite" || [...q].length < 3) return { scan: true };
  // The words as one phrase of trigrams: a substring, in any case.
  const phrase = `"${q.replaceAll('"', '""')}"`;
  const { rows } = await sql<{ rowid: number }>`
    select rowid from submissions_search where submissions_search match ${phrase}
    order by rowid desc limit ${indexedMatchesMax + 1}`.execute(handle.db);
  return rows.length > indexedMatchesMax
    ? { scan: true }
    : { rowids: rows.map((row) => row.rowid) };
}

/**
 * The applications of a filter: the WHERE clause shared by the inbox page and the exports.
 * Search looks at name, email, handle and niche, ignoring case.
 */
export function filtered<O>(
  handle: Handle,
  query: InboxQuery,
  base: SelectQueryBuilder<Database, "submissions", O>,
  search: SearchPlan = { scan: true },
): SelectQueryBuilder<Database, "submissions", O> {
  let select = base;
  // A refused search (control characters) shows and exports nothing rather than everything.
  if (query.refusedSearch || (query.q && !isSearchable(query.q))) {
    return select.where(sql<boolean>`0 = 1`);
  }
  if (query.spam !== "all") select = select.where("isSpam", "=", query.spam === "yes" ? 1 : 0);
  if (query.status) select = select.where("status", "=", query.status);
  if (query.plan) select = select.where("selectedPlan", "=", query.plan);
  if (query.failed) {
    select = select.where("id", "in", (eb) =>
      eb.selectFrom("deliveries").select("submissionId").where("status", "=", "failed"),
    );
  }
  if (!query.q) return select;
  if ("rowids" in search) {
    if (search.rowids.length === 0) return select.where(sql<boolean>`0 = 1`);
    return select.where(sql<boolean>`submissions.rowid in (${sql.join(search.rowids)})`);
  }
  const pattern = containsPattern(query.q);
  if (handle.dialect === "postgres") {
    return select.where(sql<boolean>`${postgresSearchText()} like ${pattern} escape '\\'`);
  }
  return select.where((eb: ExpressionBuilder<Database, "submissions">) =>
    eb.or(
      (["name", "email", "accountHandle", "contentNiche"] as const).map(
        (column) => sql<boolean>`${eb.ref(column)} like ${pattern} escape '\\'`,
      ),
    ),
  );
}

/** One page of the inbox (keyset: rows older than `query.before`), and where the next starts. */
export async function inboxRows(handle: Handle, query: InboxQuery, pageSize: number) {
  const search = await planSearch(handle, query.q);
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
    search,
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
