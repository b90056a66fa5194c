import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { Database } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db" | "write">;

/** Who a live session or a valid link belongs to. */
export interface SessionPerson {
  personId: string;
  clientId: string;
  email: string;
  clientName: string;
  plan: string;
}

/** A token's hash, whose person it signs in, until when; `now` is when it was made. */
interface TokenRow {
  tokenHash: string;
  personId: string;
  expiresAt: number;
  now: number;
}

/** Both tables of tokens (emailed links and sessions) take a token's row alike. */
const tokenInsert =
  (table: "clientSignInTokens" | "clientSessions") => (db: Kysely<Database>, row: TokenRow) =>
    db.insertInto(table).values({
      tokenHash: row.tokenHash,
      personId: row.personId,
      expiresAt: row.expiresAt,
      createdAt: row.now,
    });

/** The insert of an emailed link's token (its hash), valid until `expiresAt`, unused. */
export const signInTokenInsert = tokenInsert("clientSignInTokens");

/** What a link's page says before it is used: whose it is, or that it expired or was used. */
export async function signInTokenState(
  { db }: Pick<DatabaseHandle, "db">,
  tokenHash: string,
  now: number,
): Promise<{ state: "valid"; email: string } | { state: "expired" | "used" }> {
  const row = await db
    .selectFrom("clientSignInTokens")
    .innerJoin("clientPeople", "clientPeople.id", "clientSignInTokens.personId")
    .select(["clientSignInTokens.expiresAt", "clientSignInTokens.usedAt", "clientPeople.email"])
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
  if (!row || row.usedAt !== null) return { state: "used" };
  if (Number(row.expiresAt) <= now) return { state: "expired" };
  return { state: "valid", email: row.email };
}

/**
 * Uses a link (once, in one statement: two tabs or two instances cannot both use it): the
 * person it signs in, or undefined when it is unknown, used, expired or its person removed.
 */
export async function signInTokenUse(
  { db, write }: Handle,
  tokenHash: string,
  now: number,
): Promise<string | undefined> {
  const [row] = await write(
    db
      .updateTable("clientSignInTokens")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now)
      .returning("personId"),
  );
  return row?.personId;
}

/** The insert of a session (its token's hash) for a person, until `expiresAt`. */
export const sessionInsert = tokenInsert("clientSessions");

/** The person and client of a live session (a removed person has none: their rows are gone). */
export async function sessionPerson(
  { db }: Pick<DatabaseHandle, "db">,
  tokenHash: string,
  now: number,
): Promise<SessionPerson | undefined> {
  return db
    .selectFrom("clientSessions")
    .innerJoin("clientPeople", "clientPeople.id", "clientSessions.personId")
    .innerJoin("clients", "clients.id", "clientPeople.clientId")
    .select([
      "clientPeople.id as personId",
      "clients.id as clientId",
      "clientPeople.email",
      "clients.name as clientName",
      "clients.plan",
    ])
    .where("clientSessions.tokenHash", "=", tokenHash)
    .where("clientSessions.expiresAt", ">", now)
    .executeTakeFirst();
}

/** Ends one session (sign-out). */
export function sessionDelete(db: Kysely<Database>, tokenHash: string) {
  return db.deleteFrom("clientSessions").where("tokenHash", "=", tokenHash);
}

/** Sessions and links past their time, removed by the clean-up job. */
export function expiredDeletes(db: Kysely<Database>, now: number) {
  return [
    db.deleteFrom("clientSessions").where("expiresAt", "<=", now),
    db.deleteFrom("clientSignInTokens").where("expiresAt", "<=", now),
  ] as const;
}
