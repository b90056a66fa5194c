import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database>;
type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/**
 * What a member sets on /team/settings (signature, time zone) and their role
 * (team_member_settings, 0019). A member without a row has the defaults: no signature, UTC,
 * not an admin. Knows no callers: returns rows and statements.
 */
export interface MemberSettings {
  signature: string;
  timeZone: string;
  isAdmin: boolean;
}

export const defaultSettings: MemberSettings = { signature: "", timeZone: "UTC", isAdmin: false };

/** A member's settings (the defaults when they never saved any). */
export async function settingsOf(db: Db, memberId: string): Promise<MemberSettings> {
  const row = await db
    .selectFrom("teamMemberSettings")
    .select(["signature", "timeZone", "isAdmin"])
    .where("memberId", "=", memberId)
    .executeTakeFirst();
  if (!row) return { ...defaultSettings };
  return { signature: row.signature, timeZone: row.timeZone, isAdmin: Number(row.isAdmin) === 1 };
}

/** How many members are admins. */
export async function adminCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("teamMemberSettings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("isAdmin", "=", 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The statement that saves what a member changed of their settings (a row made if none). */
export function settingsUpsert(db: Db, memberId: string, changes: Partial<MemberSettings>) {
  const values = {
    ...(changes.signature === undefined ? {} : { signature: changes.signature }),
    ...(changes.timeZone === undefined ? {} : { timeZone: changes.timeZone }),
    ...(changes.isAdmin === undefined ? {} : { isAdmin: changes.isAdmin ? 1 : 0 }),
  };
  return db
    .insertInto("teamMemberSettings")
    .values({ memberId, ...values })
    .onConflict((oc) =>
      Object.keys(values).length === 0
        ? oc.column("memberId").doNothing()
        : oc.column("memberId").doUpdateSet(values),
    );
}

/** The statement that renames a member (better-auth's `name`: every page reads it there). */
export function nameUpdate(handle: Handle, memberId: string, name: string) {
  const now = handle.dialect === "postgres" ? new Date() : new Date().toISOString();
  return handle.db
    .updateTable("teamMembers")
    .set({ name, updatedAt: now })
    .where("id", "=", memberId);
}

/**
 * The statement that adds a member as better-auth stores users (booleans and dates on
 * PostgreSQL, 0/1 and ISO text on SQLite); nothing when the address is a member already.
 */
export function memberInsert(handle: Handle, member: { id?: string; email: string; name: string }) {
  const now = handle.dialect === "postgres" ? new Date() : new Date().toISOString();
  return handle.db
    .insertInto("teamMembers")
    .values({
      id: member.id ?? newMemberId(),
      name: member.name,
      email: member.email,
      emailVerified: handle.dialect === "postgres" ? true : 1,
      image: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column("email").doNothing());
}

export const newMemberId = () => randomBytes(16).toString("base64url");

/**
 * The statements that remove a member: their sessions first (counted), then the member, whose
 * passkeys, accounts, availability and settings go with them (ON DELETE CASCADE).
 */
export function memberRemoval(db: Db, memberId: string) {
  return [
    db.deleteFrom("teamSessions").where("userId", "=", memberId).returning("id"),
    db.deleteFrom("teamMembers").where("id", "=", memberId).returning("id"),
  ] as const;
}
