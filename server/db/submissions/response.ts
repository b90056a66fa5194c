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
    from submissions where ${genuine}
    group by ${dayOf}, owner_id`.execute(db);

  // Each scope's rank and count: every answered one (all), per owner, and from each cut on.
  const firstResponse = sql`first_response_at - created_at`;
  const scopes = [
    {
      name: "all",
      rank: sql`row_number() over (order by ${firstResponse})`,
      n: sql`count(*) over ()`,
    },
    {
      name: "owner",
      rank: sql`row_number() over (partition by owner_id order by ${firstResponse})`,
      n: sql`count(*) over (partition by owner_id)`,
    },
    ...cuts.map((cut, index) => ({
      name: `cut${index}`,
      rank: sql`case when created_at >= ${cut} then row_number() over (partition by created_at >= ${cut} order by ${firstResponse}) end`,
      n: sql`sum(case when created_at >= ${cut} then 1 else 0 end) over ()`,
    })),
  ];
  // The ranks ceil(0.5 n) and ceil(0.9 n) in integers (as percentile() takes them: the same
  // for every n up to 20 million, checked).
  const wanted = (name: string) =>
    sql`${sql.ref(`r_${name}`)} in ((${sql.ref(`n_${name}`)} + 1) / 2, (9 * ${sql.ref(`n_${name}`)} + 9) / 10)`;
  const ranksRead = sql<Record<string, number | string | null>>`
    select * from (
      select owner_id as owner, ${firstResponse} as ms,
        ${sql.join(
          scopes.map(
            (scope) =>
              sql`${scope.rank} as ${sql.ref(`r_${scope.name}`)}, ${scope.n} as ${sql.ref(`n_${scope.name}`)}`,
          ),
        )}
      from submissions where ${genuine} and first_response_at is not null
    ) ranked
    where ${sql.join(
      scopes.map((scope) => wanted(scope.name)),
      sql` or `,
    )}`.execute(db);

  const [groups, ranked, overdueByOwner, members] = await Promise.all([
    groupsRead,
    ranksRead,
    overdueCounts(handle, now),
    db.selectFrom("teamMembers").select(["id", "name", "email"]).orderBy("name").execute(),
  ]);
  const ranks = {
    all: emptyRanks(),
    byOwner: new Map<string | null, ResponseRanks>(),
    cuts: cuts.map(emptyRanks),
  };
  const note = (into: ResponseRanks, rank: unknown, n: unknown, ms: number) => {
    if (rank === null || rank === undefined) return;
    into.answered = Number(n);
    into.at.set(Number(rank), ms);
  };
  for (const row of ranked.rows) {
    // Row keys come back as the aliases above (the camel-case plugin leaves r_all, r_cut0 …).
    const value = (name: string) =>
      row[name] ?? row[name.replace(/_(\w)/g, (_, c) => c.toUpperCase())];
    const ms = Number(row.ms);
    const owner = (row.owner as string | null) ?? null;
    note(ranks.all, value("r_all"), value("n_all"), ms);
    if (!ranks.byOwner.has(owner)) ranks.byOwner.set(owner, emptyRanks());
    const ofOwner = ranks.byOwner.get(owner) as ResponseRanks;
    note(ofOwner, value("r_owner"), value("n_owner"), ms);
    cuts.forEach((_, index) => {
      const into = ranks.cuts[index] as ResponseRanks;
      note(into, value(`r_cut${index}`), value(`n_cut${index}`), ms);
    });
  }
  return {
    groups: groups.rows.map(
      (row): ResponseGroup => ({
        day: Number(row.day),
        ownerId: row.owner ?? null,
        applications: Number(row.applications),
        answered: Number(row.answered),
        answeredInTime: Number(row.inTime),
        overdue: Number(row.overdue),
      }),
    ),
    ranks,
    overdueByOwner,
    members,
  };
}

const emptyRanks = (): ResponseRanks => ({ answered: 0, at: new Map() });
