import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { ClientsTable } from "../portal-schema.ts";
import type { Database } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

export type ClientRow = Selectable<ClientsTable>;

const columns = ["id", "name", "plan", "applicationId", "createdAt"] as const;
const client = (row: ClientRow): ClientRow => ({ ...row, createdAt: Number(row.createdAt) });

export const newClientId = (): string => randomUUID();

/** The insert of a client, to run in the invite's transaction with its first person. */
export function clientInsert(db: Kysely<Database>, row: ClientRow) {
  return db.insertInto("clients").values(row);
}

/** The client of this id, if any. */
export async function clientById({ db }: Handle, id: string): Promise<ClientRow | undefined> {
  const row = await db
    .selectFrom("clients")
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && client(row);
}

/** The client made from this application, if it was invited already. */
export async function clientOfApplication(
  { db }: Handle,
  applicationId: string,
): Promise<ClientRow | undefined> {
  const row = await db
    .selectFrom("clients")
    .select(columns)
    .where("applicationId", "=", applicationId)
    .executeTakeFirst();
  return row && client(row);
}

/**
 * Every client, by name, with how many requests start in the week of `week` (epoch ms of its
 * Monday) and how many people it has. Bounded by `limit` (the team's list pages through none yet).
 */
export async function clientsWithWeek(
  { db }: Handle,
  week: number,
  limit: number,
): Promise<(ClientRow & { requestsThisWeek: number; people: number })[]> {
  const rows = await db
    .selectFrom("clients")
    .select(columns)
    .select((eb) => [
      eb
        .selectFrom("clientRequests")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("clientRequests.clientId", "=", "clients.id")
        .where("clientRequests.startsWeek", "=", week)
        .as("requestsThisWeek"),
      eb
        .selectFrom("clientPeople")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("clientPeople.clientId", "=", "clients.id")
        .as("people"),
    ])
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...client(row),
    requestsThisWeek: Number(row.requestsThisWeek ?? 0),
    people: Number(row.people ?? 0),
  }));
}
