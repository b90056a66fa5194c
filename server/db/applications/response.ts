import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import { overdueCounts } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

const dayMs = 24 * 3600_000;

/** The genuine applications of one UTC day and owner, counted as the Response page counts them. */
export interface ResponseGroup {
  /** Days since `since` (0: its first day). */
  day: number;
  ownerId: string | null;
  applications: number;
  answered: number;
  /** Answered by their due time (or with none: from before the clock). */
  answeredInTime: number;
  /** Unanswered, past their due time at `now`. */
  overdue: number;
}

/** The first responses (ms after arrival) at the ranks a percentile asks for, of one scope. */
export interface ResponseRanks {
  /** How many were answered in the scope. */
  answered: number;
  /** The first response at each rank asked for (from 1, shortest first). */
  at: Map<number, number>;
}

/**
 * What the Response page is made of, summed in the database: the genuine applications received
 * since `since` (a UTC midnight) per day and owner (one read of the covering index, 0021); the
 * first responses at the median's and the 90th percentile's ranks (nearest rank) of the whole
 * range, of each range from `cuts`, and of each owner; the unanswered past due at `now` per owner
 * (whenever they arrived); and the members. Its cost follows the range's applications, with
 * a few dozen rows back, never one per application.
 */
export async function responseTallies(
  handle: Handle,
  { since, cuts, now }: { since: number; cuts: readonly number[]; now: number },
) {
  const { db } = handle;
  const genuine = sql`is_spam = 0 and created_at >= ${since}`;
  // In literals (whole numbers we computed): SQLite binds a number as a real, and the day's
  // number must be a whole one, the same expression in the select and the group by.
  const dayOf = sql`(created_at - ${sql.lit(Math.floor(since))}) / ${sql.lit(dayMs)}`;
  const groupsRead = sql<{
    day: number | string;
    owner: string | null;
    applications: number | string;
    answered: number | string;
    inTime: number | string;
    overdue: number | string;
  }>`select ${dayOf} as day, owner_id as owner,
      count(*) as applications, count(first_response_at) as answered,
      sum(case when first_response_at is not null
        and (due_at is null or first_response_at <= due_at) then 1 else 0 end) as in_time,
      sum(case when first_response_at is null and due_at is not null and due_at <= ${now}
        then 1 else 0 end) as overdue
    from ${windowRead(handle)} where ${genuine}
    group by ${dayOf}, owner_id`.execute(db);

  const [groupRows, overdueByOwner, members] = await Promise.all([
    groupsRead,
    overdueCounts(handle, now),
    db.selectFrom("teamMembers").select(["id", "name", "email"]).orderBy("name").execute(),
  ]);
  const groups = groupRows.rows.map(
    (row): ResponseGroup => ({
      day: Number(row.day),
      ownerId: row.owner ?? null,
      applications: Number(row.applications),
      answered: Number(row.answered),
      answeredInTime: Number(row.inTime),
      overdue: Number(row.overdue),
    }),
  );
  return { groups, ranks: await ranksOf(handle, groups, { since, cuts }), overdueByOwner, members };
}

/**
 * The applications of a window, read from the index made for it (0021): with ANALYZE's
 * statistics SQLite skip-scanned the status index instead and read each row from the table
 * (44 ms of CPU instead of 12 at a million, bench/team-inbox-plans.ts).
 */
const windowRead = ({ dialect }: Handle) =>
  dialect === "sqlite" ? sql`submissions indexed by submissions_response` : sql`submissions`;

const emptyRanks = (answered = 0): ResponseRanks => ({ answered, at: new Map() });

/** The ranks (from 1) the median and the 90th percentile (nearest rank) of `n` values take. */
const ranksFor = (n: number) => [0.5, 0.9].map((p) => Math.max(1, Math.ceil(p * n)));

/**
 * The first responses at the median's and the 90th percentile's ranks: of all the answered,
 * from each cut on, and of each owner. One sort of the answered ones by first response, with a
 * running count per scope beside it (one window, one pass), keeps the rows at those ranks: a
 * few dozen back. How many each scope has comes from the groups.
 */
async function ranksOf(
  handle: Handle,
  groups: readonly ResponseGroup[],
  { since, cuts }: { since: number; cuts: readonly number[] },
) {
  const answered = (from: number, owner?: string | null) =>
    groups
      .filter((group) => group.day >= from && (owner === undefined || group.ownerId === owner))
      .reduce((sum, group) => sum + group.answered, 0);
  const all = emptyRanks(answered(0));
  const ofCuts = cuts.map((cut) => emptyRanks(answered(Math.round((cut - since) / dayMs))));
  const owners = [...new Set(groups.map((group) => group.ownerId))];
  const byOwner = new Map(owners.map((owner) => [owner, emptyRanks(answered(0, owner))]));
  const ranks = { all, byOwner, cuts: ofCuts };
  if (all.answered === 0) return ranks;

  const literals = (values: number[]) => sql.join(values.map((value) => sql.lit(value)));
  const running = (condition: ReturnType<typeof sql>) =>
    sql`sum(case when ${condition} then 1 else 0 end) over w`;
  const ownerIs = (owner: string | null) =>
    owner === null ? sql`owner_id is null` : sql`owner_id = ${owner}`;
  const scopes = [
    {
      name: "r_all",
      rank: sql`row_number() over w`,
      keep: sql`true`,
      ranks: ranksFor(all.answered),
    },
    ...cuts.map((cut, index) => ({
      name: `r_cut${index}`,
      rank: running(sql`created_at >= ${cut}`),
      keep: sql`created_at >= ${cut}`,
      ranks: ranksFor(ofCuts[index]?.answered ?? 0),
    })),
    ...owners.map((owner, index) => ({
      name: `r_owner${index}`,
      rank: running(ownerIs(owner)),
      keep: ownerIs(owner),
      ranks: ranksFor(byOwner.get(owner)?.answered ?? 0),
    })),
  ];
  const { rows } = await sql<Record<string, number | string | null>>`
    select * from (
      select created_at, owner_id, first_response_at - created_at as ms,
        ${sql.join(scopes.map((scope) => sql`${scope.rank} as ${sql.ref(scope.name)}`))}
      from ${windowRead(handle)}
      where is_spam = 0 and created_at >= ${since} and first_response_at is not null
      window w as (order by first_response_at - created_at rows between unbounded preceding and current row)
    ) ranked
    where ${sql.join(
      scopes.map(
        (scope) => sql`(${scope.keep} and ${sql.ref(scope.name)} in (${literals(scope.ranks)}))`,
      ),
      sql` or `,
    )}`.execute(handle.db);
  // The camel-case plugin gives r_all back as rAll, r_cut0 as rCut0.
  const rankOf = (row: Record<string, unknown>, name: string) =>
    Number(row[name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())] ?? row[name]);
  for (const row of rows) {
    const ms = Number(row.ms);
    const createdAt = Number(row.createdAt ?? row.created_at);
    const owner = (row.ownerId ?? row.owner_id ?? null) as string | null;
    const keep = (into: ResponseRanks | undefined, rank: number, wanted: number[]) => {
      if (into && wanted.includes(rank)) into.at.set(rank, ms);
    };
    keep(all, rankOf(row, "r_all"), ranksFor(all.answered));
    cuts.forEach((cut, index) => {
      if (createdAt >= cut) {
        const into = ofCuts[index];
        keep(into, rankOf(row, `r_cut${index}`), ranksFor(into?.answered ?? 0));
      }
    });
    const index = owners.indexOf(owner);
    if (index >= 0) {
      const into = byOwner.get(owner);
      keep(into, rankOf(row, `r_owner${index}`), ranksFor(into?.answered ?? 0));
    }
  }
  return ranks;
}
