import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { type InboxQuery, isSearchable, unknownSourceFilter } from "#app/shared/inbox-query.ts";
import { endOfUtcDay } from "#app/shared/response-clock.ts";
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

/** Who is looking, and when: what "Me" and "Due today" mean. */
export interface Viewer {
  memberId?: string;
  now: number;
}

/** Genuine and unanswered: the columns every index of the unanswered part begins with. */
const unanswered = <O>(select: SelectQueryBuilder<Database, "submissions", O>) =>
  select.where("isSpam", "=", 0).where("firstResponseAt", "is", null);

/** Waiting for an answer: genuine, unanswered, with a due time (sorted by it in the inbox). */
const waiting = <O>(select: SelectQueryBuilder<Database, "submissions", O>) =>
  unanswered(select).where("dueAt", "is not", null);

/** The Owner and Due filters. */
function promiseFiltered<O>(
  query: InboxQuery,
  select: SelectQueryBuilder<Database, "submissions", O>,
  viewer: Viewer,
): SelectQueryBuilder<Database, "submissions", O> {
  let result = select;
  if (query.owner === "none") result = result.where("ownerId", "is", null);
  if (query.owner === "me") {
    result = viewer.memberId
      ? result.where("ownerId", "=", viewer.memberId)
      : result.where(sql<boolean>`0 = 1`);
  }
  if (query.due) result = waiting(result).where("dueAt", "<=", dueBy(query.due, viewer));
  return result;
}

/** The Due filter's bound: now (Overdue), or the end of today, UTC (Due today). */
const dueBy = (due: NonNullable<InboxQuery["due"]>, viewer: Viewer) =>
  due === "overdue" ? viewer.now : endOfUtcDay(viewer.now);

/**
 * The applications of a filter: the WHERE clause shared by the inbox page and the exports.
 * Search looks at name, email, handle and niche, ignoring case.
 */
export function filtered<O>(
  handle: Handle,
  query: InboxQuery,
  base: SelectQueryBuilder<Database, "submissions", O>,
  search: SearchPlan = { scan: true },
  viewer: Viewer = { now: Date.now() },
): SelectQueryBuilder<Database, "submissions", O> {
  let select = promiseFiltered(query, base, viewer);
  // A refused search (control characters) shows and exports nothing rather than everything.
  if (query.refusedSearch || (query.q && !isSearchable(query.q))) {
    return select.where(sql<boolean>`0 = 1`);
  }
  if (query.spam !== "all") select = select.where("isSpam", "=", query.spam === "yes" ? 1 : 0);
  if (query.status) select = select.where("status", "=", query.status);
  if (query.plan) select = select.where("selectedPlan", "=", query.plan);
  // A literal: SQLite takes a partial index (new_reply = 1, 0026) only for a WHERE it can prove.
  if (query.newReply) select = select.where(sql<boolean>`new_reply = 1`);
  if (query.needsReply) {
    select = select
      .where("isSpam", "=", 0)
      .where((eb) =>
        eb.or([
          eb.and([eb("firstResponseAt", "is", null), eb("dueAt", "is not", null)]),
          eb("newReply", "=", 1),
        ]),
      );
  }
  if (query.source === unknownSourceFilter) select = select.where("visitSource", "is", null);
  else if (query.source) select = select.where("visitSource", "=", query.source);
  if (query.failed) {
    const failed = handle.db
      .selectFrom("deliveries")
      .select("submissionId")
      .where("status", "=", "failed");
    // PostgreSQL: the failed ones' ids as an array first, then those applications by id (a
    // few thousand at most). As a semi-join it walked the waiting ones by due time, looking up
    // each one's deliveries (190 ms at 1,000,000, bench:team). SQLite looks the list up itself.
    select =
      handle.dialect === "postgres"
        ? select.where(sql<boolean>`submissions.id = any(array(${failed}))`)
        : select.where("id", "in", failed);
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

const inboxColumns = [
  "id",
  "createdAt",
  "name",
  "selectedPlan",
  "primaryPlatform",
  "audienceSize",
  "status",
  "isSpam",
  "dueAt",
  "firstResponseAt",
  "newReply",
  "ownerId",
] as const;

/**
 * One page of the inbox: first the applications waiting for an answer, the soonest due first,
 * then the rest (answered, spam) newest first. Keyset pagination over both parts: `before`
 * says in which part the previous page ended, and after which row.
 */
export async function inboxRows(
  handle: Handle,
  query: InboxQuery,
  pageSize: number,
  viewer: Viewer = { now: Date.now() },
) {
  const search = await planSearch(handle, query.q);
  const { db } = handle;
  const base = (filter: InboxQuery) =>
    filtered(
      handle,
      filter,
      db
        .selectFrom("submissions")
        .select(inboxColumns)
        .select((eb) =>
          eb
            .selectFrom("teamMembers")
            .select("teamMembers.name")
            .whereRef("teamMembers.id", "=", "submissions.ownerId")
            .as("ownerName"),
        ),
      search,
      viewer,
    );
  const before = query.before;
  let rows: (Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number] & {
    waiting: boolean;
  })[] = [];
  // The waiting part states "genuine, unanswered, with a due time" once: repeated terms (the
  // spam filter's, the Due filter's) make SQLite skip-scan and sort instead of walking an index.
  if ((!before || before.waiting) && query.spam !== "yes") {
    // Every waiting application needs an answer: the view's condition is not repeated here.
    const filter = base({ ...query, spam: "all", due: undefined, needsReply: false });
    // After a cursor, (due_at, id) > (…) says "with a due time" itself: SQLite seeks the index
    // with it alone, and sorts everything when "due_at is not null" stands beside it.
    let first = before
      ? unanswered(filter).where((eb) =>
          eb(eb.refTuple("dueAt", "id"), ">", eb.tuple(before.at, before.id)),
        )
      : waiting(filter);
    if (query.due) first = first.where("dueAt", "<=", dueBy(query.due, viewer));
    const found = await first
      .orderBy("dueAt")
      .orderBy("id")
      .limit(pageSize + 1)
      .execute();
    rows = found.map((row) => ({ ...row, waiting: true }));
  }
  // Due (Overdue, Due today) asks only for waiting applications: nothing in the rest.
  if (rows.length <= pageSize && !query.due) {
    // What needs an answer beyond the waiting part: a reply back nobody has read, on a genuine
    // application (new_reply's own index finds them, not a walk of the answered).
    let rest = query.needsReply
      ? base({ ...query, needsReply: false })
          .where("newReply", "=", 1)
          .where("isSpam", "=", 0)
          .where((eb) => eb.or([eb("firstResponseAt", "is not", null), eb("dueAt", "is", null)]))
      : base(query).where((eb) =>
          eb.or([
            eb("isSpam", "=", 1),
            eb("firstResponseAt", "is not", null),
            eb("dueAt", "is", null),
          ]),
        );
    if (before && !before.waiting) {
      rest = rest.where((eb) =>
        eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(before.at, before.id)),
      );
    }
    const found = await rest
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(pageSize + 1 - rows.length)
      .execute();
    rows = rows.concat(found.map((row) => ({ ...row, waiting: false })));
  }
  const page = rows.slice(0, pageSize).map(({ waiting, ...row }) => ({
    ...row,
    createdAt: Number(row.createdAt),
    dueAt: row.dueAt === null ? null : Number(row.dueAt),
    firstResponseAt: row.firstResponseAt === null ? null : Number(row.firstResponseAt),
    isSpam: row.isSpam === 1,
    newReply: Number(row.newReply) === 1,
    ownerName: row.ownerName ?? null,
    ownerId: row.ownerId ?? null,
    waiting,
  }));
  return { rows: page, more: rows.length > pageSize };
}

/**
 * The inbox views' counts (All has none: it is not work). Each is the waiting applications
 * (unanswered genuine ones with a due time: their index) plus the answered ones with a reply
 * back nobody has read (new_reply's index), each counted up to `cap` (`viewCountCap`): a
 * count reads at most `cap` index entries, so its cost never grows with the table, and a
 * backlog beyond it shows as "1,000+", never as less than it is.
 */
export async function viewCounts(
  handle: Handle,
  viewer: Viewer,
  cap: number,
): Promise<Record<"needs" | "mine" | "unassigned" | "overdue", number>> {
  const { db } = handle;
  type Owner = "any" | "me" | "none";
  const owned = <O>(select: SelectQueryBuilder<Database, "submissions", O>, owner: Owner) =>
    owner === "none"
      ? select.where("ownerId", "is", null)
      : owner === "me"
        ? select.where("ownerId", "=", viewer.memberId ?? "")
        : select;
  /** How many rows `select` finds, up to `cap`. */
  const upTo = async <O>(select: SelectQueryBuilder<Database, "submissions", O>) => {
    const row = await db
      .selectFrom(select.select(sql<number>`1`.as("one")).limit(cap).as("found"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const needs = async (owner: Owner) => {
    if (owner === "me" && !viewer.memberId) return 0;
    const [waitingNow, replies] = await Promise.all([
      upTo(owned(waiting(db.selectFrom("submissions")), owner)),
      upTo(
        owned(db.selectFrom("submissions"), owner)
          .where("newReply", "=", 1)
          .where("isSpam", "=", 0)
          .where((eb) => eb.or([eb("firstResponseAt", "is not", null), eb("dueAt", "is", null)])),
      ),
    ]);
    return Math.min(cap, waitingNow + replies);
  };
  const [all, mine, unassigned, overdue] = await Promise.all([
    needs("any"),
    needs("me"),
    needs("none"),
    upTo(waiting(db.selectFrom("submissions")).where("dueAt", "<=", viewer.now)),
  ]);
  return { needs: all, mine, unassigned, overdue };
}

/**
 * Genuine applications still unanswered past their due time, per owner (null: unassigned): the
 * waiting ones per owner as kept (`waiting_counts`, 0021) less those not due yet (a range of the
 * waiting index: the last promise's worth of applications), in one statement so both parts see
 * the same writes. Its cost follows how many are not due yet, never the backlog.
 */
export async function overdueCounts(
  { db }: Handle,
  now: number,
): Promise<Map<string | null, number>> {
  // One row each (a range of the waiting index, which carries the owner): grouped in there,
  // SQLite walked the owners' index whole for its order. `due_at > now` says "with a due
  // time" itself: beside "due_at is not null", SQLite (with ANALYZE's statistics) took that as
  // the range, every waiting one (as for the cursor in inboxRows).
  const notDueYet = unanswered(db.selectFrom("submissions"))
    .select([sql<string>`coalesce(owner_id, '')`.as("owner"), sql<number>`-1`.as("n")])
    .where("dueAt", ">", now);
  const { rows } = await sql<{ owner: string; n: number | string }>`
    select owner, sum(n) as n from (
      select owner_id as owner, waiting as n from waiting_counts
      union all select owner, n from (${notDueYet}) not_due_yet
    ) counted group by owner having sum(n) > 0`.execute(db);
  return new Map(rows.map((row) => [row.owner === "" ? null : row.owner, Number(row.n)]));
}

/** Genuine applications still unanswered past their due time (see overdueCounts). */
export async function overdueCount(handle: Handle, now: number): Promise<number> {
  let total = 0;
  for (const n of (await overdueCounts(handle, now)).values()) total += n;
  return total;
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
