import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";
import { advisoryLock } from "../write-query.ts";

/**
 * Round robin of new applications over the members who are not away (docs/decisions/0036):
 * the member assigned longest ago (never first) takes the next one. `lastAssignedAt` moves
 * with every assignment, so the turn survives restarts and is shared by every instance.
 */

/** The members in turn order: not away, assigned longest ago first (then by id). */
export function availableMembersQuery(db: Kysely<Database>) {
  return (
    db
      .selectFrom("teamMembers")
      .leftJoin("teamMemberAvailability", "teamMemberAvailability.memberId", "teamMembers.id")
      .select("teamMembers.id")
      // No parameters: the SQLite writer prepares it once and runs it as is.
      .where(sql<boolean>`coalesce(team_member_availability.away, 0) = 0`)
      .orderBy(sql`coalesce(team_member_availability.last_assigned_at, 0)`)
      .orderBy("teamMembers.id")
  );
}

/**
 * Owners for `count` new applications, from the members in turn order: one each, in turn,
 * round and round. With nobody available, none (the applications stay unassigned). `turns`:
 * each member's new `lastAssignedAt` (their last assignment's place, after `now`).
 */
export function planOwners(
  membersInTurn: readonly string[],
  count: number,
  now: number,
): { owners: (string | null)[]; turns: Map<string, number> } {
  const owners: (string | null)[] = [];
  const turns = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const member = membersInTurn.length > 0 ? membersInTurn[i % membersInTurn.length] : undefined;
    owners.push(member ?? null);
    if (member) turns.set(member, now + i);
  }
  return { owners, turns };
}

/** Records each member's turn (insert or update their availability row). */
export function recordTurnsQuery(db: Kysely<Database>, member: string, at: number) {
  return db
    .insertInto("teamMemberAvailability")
    .values({ memberId: member, lastAssignedAt: at })
    .onConflict((oc) =>
      oc
        .column("memberId")
        .doUpdateSet((eb) => ({ lastAssignedAt: eb.ref("excluded.lastAssignedAt") })),
    );
}

/**
 * Picks and records owners inside the caller's transaction. On PostgreSQL a transaction-scoped
 * advisory lock makes concurrent instances take turns one after the other, so two commits at
 * once never hand the same member two applications in a row.
 */
export async function assignOwners(
  trx: Kysely<Database>,
  count: number,
  now: number,
  options: { postgres: boolean },
): Promise<(string | null)[]> {
  if (count === 0) return [];
  if (options.postgres) await trx.executeQuery(roundRobinLock.compile());
  const members = await availableMembersQuery(trx).execute();
  const plan = planOwners(
    members.map((member) => member.id),
    count,
    now,
  );
  for (const [member, at] of plan.turns) await recordTurnsQuery(trx, member, at).execute();
  return plan.owners;
}

/**
 * The advisory lock of the round robin (PostgreSQL; any constant of our own), first in a
 * transaction that takes a member's turn: the applications' owners, a request's editor.
 */
export const roundRobinLock = advisoryLock(724001);
