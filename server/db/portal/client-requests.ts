import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { ClientRequestsTable } from "../portal-schema.ts";
import type { Database } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

/** A request as its table holds it, without the clock's later columns (0032). */
export type RequestRow = Omit<Selectable<ClientRequestsTable>, "footageCompleteAt" | "editorId">;

const columns = [
  "id",
  "clientId",
  "title",
  "brief",
  "platform",
  "wishedDate",
  "startsWeek",
  "createdBy",
  "createdAt",
] as const;

export const newRequestId = (): string => randomUUID();

/** The insert of a request. */
export function requestInsert(db: Kysely<Database>, row: RequestRow) {
  return db.insertInto("clientRequests").values(row);
}

/** A client's requests, newest first, at most `limit`. */
export async function requestsOf(
  { db }: Handle,
  clientId: string,
  limit: number,
): Promise<RequestRow[]> {
  const rows = await db
    .selectFrom("clientRequests")
    .select(columns)
    .where("clientId", "=", clientId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    startsWeek: Number(row.startsWeek),
    createdAt: Number(row.createdAt),
  }));
}

/** How many of a client's requests start in each week from `fromWeek` on (weeks as epoch ms). */
export async function requestsPerWeek(
  { db }: Handle,
  clientId: string,
  fromWeek: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("clientRequests")
    .select(["startsWeek", (eb) => eb.fn.countAll<number>().as("n")])
    .where("clientId", "=", clientId)
    .where("startsWeek", ">=", fromWeek)
    .groupBy("startsWeek")
    .execute();
  return new Map(rows.map((row) => [Number(row.startsWeek), Number(row.n)]));
}

/** One of a client's requests by its id: undefined when it is not that client's (or none). */
export async function requestOfClient(
  { db }: Handle,
  clientId: string,
  requestId: string,
): Promise<RequestRow | undefined> {
  const row = await db
    .selectFrom("clientRequests")
    .select(columns)
    .where("clientId", "=", clientId)
    .where("id", "=", requestId)
    .executeTakeFirst();
  return row && { ...row, startsWeek: Number(row.startsWeek), createdAt: Number(row.createdAt) };
}

/** The application a request's client was made from (undefined: no such request, or erased). */
export async function applicationOfRequest(
  { db }: Handle,
  requestId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("clientRequests")
    .innerJoin("clients", "clients.id", "clientRequests.clientId")
    .select("clients.applicationId")
    .where("clientRequests.id", "=", requestId)
    .executeTakeFirst();
  return row?.applicationId ?? undefined;
}
