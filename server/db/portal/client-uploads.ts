import { type Selectable, sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { ClientUploadsTable } from "../portal-schema.ts";

/** An upload as its table holds it, without its type and side (read by their own queries). */
export type UploadRow = Omit<Selectable<ClientUploadsTable>, "mimeType" | "fromTeam">;

/**
 * Records a new upload of `size` bytes for a client, only while the client's uploads (finished
 * or not) and this one fit in `quota` and fewer than `openMax` of its uploads are unfinished:
 * "reserved", or which limit refused it ("quota", "open"). One transaction: on PostgreSQL the
 * client's row is locked first (FOR UPDATE), and the conditional insert that follows reads the
 * sum after the lock (READ COMMITTED: a snapshot per statement), so two uploads racing for the
 * last bytes take turns and one is refused; on SQLite the single writer makes them take turns.
 */
export async function uploadReserve(
  { db, writeTransaction, dialect }: Pick<DatabaseHandle, "db" | "writeTransaction" | "dialect">,
  row: {
    id: string;
    clientId: string;
    personId: string;
    requestId: string;
    displayName: string;
    size: number;
    now: number;
  },
  limits: { quota: number; openMax: number },
): Promise<"reserved" | "quota" | "open"> {
  const { quota, openMax } = limits;
  const insert = db
    .insertInto("clientUploads")
    .columns(["id", "clientId", "personId", "requestId", "displayName", "size", "createdAt"])
    .expression(
      db
        .selectFrom("clients")
        .select([
          sql<string>`CAST(${row.id} AS text)`.as("id"),
          "clients.id as clientId",
          sql<string>`CAST(${row.personId} AS text)`.as("personId"),
          sql<string>`CAST(${row.requestId} AS text)`.as("requestId"),
          sql<string>`CAST(${row.displayName} AS text)`.as("displayName"),
          sql<number>`CAST(${row.size} AS bigint)`.as("size"),
          sql<number>`CAST(${row.now} AS bigint)`.as("createdAt"),
        ])
        .where("clients.id", "=", row.clientId)
        .where(
          sql<boolean>`(SELECT COALESCE(SUM(size), 0) FROM client_uploads WHERE client_id = ${row.clientId} AND from_team = 0) + CAST(${row.size} AS bigint) <= CAST(${quota} AS bigint)`,
        )
        .where(
          sql<boolean>`(SELECT COUNT(*) FROM client_uploads WHERE client_id = ${row.clientId} AND completed_at IS NULL AND from_team = 0) < ${openMax}`,
        ),
    )
    .returning("id");
  const lock = db.selectFrom("clients").select("id").where("id", "=", row.clientId).forUpdate();
  const results = await writeTransaction(dialect === "postgres" ? [lock, insert] : [insert]);
  if ((results.at(-1)?.rows.length ?? 0) === 1) return "reserved";
  // Refused: which limit (read after; a race may shift it, never turn a refusal into a place).
  const open = await db
    .selectFrom("clientUploads")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("clientId", "=", row.clientId)
    .where("completedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(open.n) >= openMax ? "open" : "quota";
}

/**
 * Records a cut the team is uploading to one of a client's requests (`from_team` 1, no person):
 * not counted against the client's quota (decision 0091). False when the request is not that
 * client's (nothing stored).
 */
export async function cutReserve(
  { db, write }: Pick<DatabaseHandle, "db" | "write">,
  row: {
    id: string;
    clientId: string;
    requestId: string;
    displayName: string;
    size: number;
    now: number;
  },
): Promise<boolean> {
  const inserted = await write(
    db
      .insertInto("clientUploads")
      .columns(["id", "clientId", "requestId", "displayName", "size", "createdAt", "fromTeam"])
      .expression(
        db
          .selectFrom("clientRequests")
          .select([
            sql<string>`CAST(${row.id} AS text)`.as("id"),
            "clientRequests.clientId",
            "clientRequests.id as requestId",
            sql<string>`CAST(${row.displayName} AS text)`.as("displayName"),
            sql<number>`CAST(${row.size} AS bigint)`.as("size"),
            sql<number>`CAST(${row.now} AS bigint)`.as("createdAt"),
            sql<number>`1`.as("fromTeam"),
          ])
          .where("clientRequests.id", "=", row.requestId)
          .where("clientRequests.clientId", "=", row.clientId),
      )
      .returning("id"),
  );
  return inserted.length === 1;
}

const columns = [
  "id",
  "clientId",
  "personId",
  "size",
  "createdAt",
  "completedAt",
  "requestId",
  "displayName",
] as const;

function uploadRow(row: UploadRow): UploadRow {
  return {
    ...row,
    size: Number(row.size),
    createdAt: Number(row.createdAt),
    completedAt: row.completedAt === null ? null : Number(row.completedAt),
  };
}

/** An upload by its id, if any. */
export async function uploadOf(
  { db }: Pick<DatabaseHandle, "db">,
  id: string,
): Promise<UploadRow | undefined> {
  const row = await db
    .selectFrom("clientUploads")
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && uploadRow(row);
}

/**
 * The uploads of one of a client's requests (the client in the condition too: another
 * client's request has none here), finished ones first, newest first, at most `limit`.
 */
export async function uploadsOfRequest(
  { db }: Pick<DatabaseHandle, "db">,
  clientId: string,
  requestId: string,
  limit: number,
): Promise<UploadRow[]> {
  const rows = await db
    .selectFrom("clientUploads")
    .select(columns)
    .where("clientId", "=", clientId)
    .where("requestId", "=", requestId)
    .where("fromTeam", "=", 0)
    .orderBy(sql`completed_at IS NULL`)
    .orderBy(sql`COALESCE(completed_at, created_at)`, "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(uploadRow);
}

/** Marks an upload complete (its last byte stored). */
export function uploadCompleted(db: DatabaseHandle["db"], id: string, now: number) {
  return db.updateTable("clientUploads").set({ completedAt: now }).where("id", "=", id);
}

/**
 * The bytes a client's uploads take (finished or not): what its quota counts. The team's cuts
 * (`from_team` 1) are not the client's footage and do not count (decision 0091).
 */
export async function bytesUsed({ db }: Pick<DatabaseHandle, "db">, clientId: string) {
  const row = await db
    .selectFrom("clientUploads")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), sql<number>`0`).as("used"))
    .where("clientId", "=", clientId)
    .where("fromTeam", "=", 0)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** Which of `ids` are uploads with a row (a file named by any other is an orphan's). */
export async function uploadsThatExist(
  { db }: Pick<DatabaseHandle, "db">,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const batch = ids.slice(start, start + 500);
    const rows = await db
      .selectFrom("clientUploads")
      .select("id")
      .where("id", "in", batch)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
