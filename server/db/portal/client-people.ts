import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { ClientPeopleTable } from "../portal-schema.ts";
import type { Database } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

export type PersonRow = Selectable<ClientPeopleTable>;

const columns = ["id", "clientId", "email", "createdAt"] as const;
const person = (row: PersonRow): PersonRow => ({ ...row, createdAt: Number(row.createdAt) });

/** Addresses are kept and compared in lower case. */
export const normaliseAddress = (email: string): string => email.trim().toLowerCase();

export const newPersonId = (): string => randomUUID();

/** The insert of a person of a client (the address lower-cased; unique across clients). */
export function personInsert(db: Kysely<Database>, row: PersonRow) {
  return db.insertInto("clientPeople").values({ ...row, email: normaliseAddress(row.email) });
}

/** The people of a client, oldest first. */
export async function peopleOf({ db }: Handle, clientId: string): Promise<PersonRow[]> {
  const rows = await db
    .selectFrom("clientPeople")
    .select(columns)
    .where("clientId", "=", clientId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(person);
}

/** The person with this address (any case), whichever client they belong to. */
export async function personByEmail({ db }: Handle, email: string): Promise<PersonRow | undefined> {
  const row = await db
    .selectFrom("clientPeople")
    .select(columns)
    .where("email", "=", normaliseAddress(email))
    .executeTakeFirst();
  return row && person(row);
}

/** The person of this id, if any. */
export async function personById({ db }: Handle, id: string): Promise<PersonRow | undefined> {
  const row = await db
    .selectFrom("clientPeople")
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && person(row);
}

/**
 * The statements that remove a person of `clientId` (none when they belong to another client):
 * their sessions and links first (they end at once, whatever the foreign keys do), then them.
 */
export function personRemoval(db: Kysely<Database>, clientId: string, personId: string) {
  const theirs = db
    .selectFrom("clientPeople")
    .select("id")
    .where("id", "=", personId)
    .where("clientId", "=", clientId);
  return [
    db.deleteFrom("clientSessions").where("personId", "in", theirs),
    db.deleteFrom("clientSignInTokens").where("personId", "in", theirs),
    db.deleteFrom("clientPeople").where("id", "=", personId).where("clientId", "=", clientId),
  ] as const;
}
