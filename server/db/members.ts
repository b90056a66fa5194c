import { sql } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import { adminCount, memberInsert, newMemberId, settingsUpsert } from "./member-settings.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** A member of the team, as their row has it (the signed-in member's session adds the rest). */
export interface Member {
  id: string;
  email: string;
  name: string;
}

/** Emails are kept and compared in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The member with this email (any case), if any. */
export function findMember({ db }: Handle, email: string): Promise<Member | undefined> {
  return db
    .selectFrom("teamMembers")
    .select(["id", "email", "name"])
    .where(sql<string>`lower(email)`, "=", normaliseEmail(email))
    .executeTakeFirst();
}

/** The member of this id, if any (an application's owner). */
export function findMemberById({ db }: Handle, id: string): Promise<Member | undefined> {
  return db
    .selectFrom("teamMembers")
    .select(["id", "email", "name"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function listMembers({
  db,
}: Handle): Promise<(Member & { passkeys: number; away: boolean; isAdmin: boolean })[]> {
  return db
    .selectFrom("teamMembers")
    .leftJoin("teamMemberAvailability", "teamMemberAvailability.memberId", "teamMembers.id")
    .leftJoin("teamMemberSettings", "teamMemberSettings.memberId", "teamMembers.id")
    .select(["teamMembers.id", "teamMembers.email", "teamMembers.name"])
    .select(["teamMemberAvailability.away", "teamMemberSettings.isAdmin"])
    .select((eb) =>
      eb
        .selectFrom("teamPasskeys")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("teamPasskeys.userId", "=", "teamMembers.id")
        .as("passkeys"),
    )
    .orderBy("teamMembers.email")
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        passkeys: Number(row.passkeys ?? 0),
        away: Number(row.away ?? 0) === 1,
        isAdmin: Number(row.isAdmin ?? 0) === 1,
      })),
    );
}

/**
 * Adds a member (as better-auth stores users); false when the email is already one. The first
 * admin of a team is the first member added while there is none (a new install's first member
 * can then manage the others from /team/settings); `admin` says so explicitly.
 */
export async function addMember(
  handle: Handle,
  email: string,
  options: { admin?: boolean } = {},
): Promise<boolean> {
  const address = normaliseEmail(email);
  const id = newMemberId();
  const result = await memberInsert(handle, {
    id,
    email: address,
    name: address.split("@")[0] ?? address,
  }).executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added && (options.admin ?? (await adminCount(handle.db)) === 0)) {
    await settingsUpsert(handle.db, id, { isAdmin: true }).execute();
  }
  return added;
}

/**
 * Removes a member: their sessions, passkeys and accounts go with them (foreign keys ON DELETE
 * CASCADE), so they are signed out everywhere at once. Returns the sessions ended, or null
 * when there was no such member.
 */
export function removeMember({ db }: Handle, email: string): Promise<{ sessions: number } | null> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom("teamMembers")
      .select("id")
      .where(sql<string>`lower(email)`, "=", normaliseEmail(email))
      .executeTakeFirst();
    if (!member) return null;
    const sessions = await trx
      .deleteFrom("teamSessions")
      .where("userId", "=", member.id)
      .executeTakeFirst();
    await trx.deleteFrom("teamMembers").where("id", "=", member.id).execute();
    return { sessions: Number(sessions.numDeletedRows) };
  });
}

/** A one-time sign-in row (a link's token, hashed), if it is still there. */
export function verificationOf({ db }: Handle, identifier: string) {
  return db
    .selectFrom("teamVerifications")
    .select(["value", "expiresAt"])
    .where("identifier", "=", identifier)
    .executeTakeFirst();
}

/**
 * Deletes what better-auth leaves behind once it has expired: one-time rows never used
 * (sign-in link tokens, passkey challenges: team_verifications) and ended sessions. better-auth
 * deletes such a row only when someone comes back with it. Returns how many rows went.
 */
export async function purgeExpiredAuthRows(
  handle: Pick<DatabaseHandle, "db" | "dialect" | "write">,
  now = Date.now(),
): Promise<number> {
  // better-auth's dates: timestamptz on PostgreSQL, ISO text (which sorts as time) on SQLite.
  const before = handle.dialect === "postgres" ? new Date(now) : new Date(now).toISOString();
  const verifications = await handle.write(
    handle.db.deleteFrom("teamVerifications").where("expiresAt", "<", before).returning("id"),
  );
  const sessions = await handle.write(
    handle.db.deleteFrom("teamSessions").where("expiresAt", "<", before).returning("id"),
  );
  return verifications.length + sessions.length;
}

/** Every member with their availability, for the Owner select. */
export async function memberChoices({ db }: Handle) {
  const rows = await db
    .selectFrom("teamMembers")
    .leftJoin("teamMemberAvailability", "teamMemberAvailability.memberId", "teamMembers.id")
    .select([
      "teamMembers.id",
      "teamMembers.name",
      "teamMembers.email",
      "teamMemberAvailability.away",
    ])
    .orderBy("teamMembers.name")
    .orderBy("teamMembers.email")
    .execute();
  return rows.map(({ away, ...row }) => ({ ...row, away: Number(away ?? 0) === 1 }));
}

/** True when the member set themselves Away. */
export async function isAway({ db }: Handle, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom("teamMemberAvailability")
    .select("away")
    .where("memberId", "=", memberId)
    .executeTakeFirst();
  return Number(row?.away ?? 0) === 1;
}

/** Sets a member Away (skipped by the round robin) or Available; keeps their turn. */
export function awayUpdate({ db }: Handle, memberId: string, away: boolean) {
  return db
    .insertInto("teamMemberAvailability")
    .values({ memberId, away: away ? 1 : 0, lastAssignedAt: null })
    .onConflict((oc) => oc.column("memberId").doUpdateSet({ away: away ? 1 : 0 }));
}
