import type { DatabaseHandle } from "../database.ts";

type Handle = Pick<DatabaseHandle, "db" | "write">;

/**
 * What the uploads' checks (decision 0083) store about `client_uploads`: the type read from an
 * upload's first bytes, the removal of a refused or expired upload (freeing its quota), and the
 * uploads left unfinished too long.
 */

/** Records the type read from an upload's first bytes. */
export async function uploadTypeSet({ db, write }: Handle, id: string, mimeType: string) {
  await write(db.updateTable("clientUploads").set({ mimeType }).where("id", "=", id));
}

/** The type recorded for an upload (null: not read yet; undefined: no such upload). */
export async function uploadTypeOf(
  { db }: Pick<DatabaseHandle, "db">,
  id: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom("clientUploads")
    .select("mimeType")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.mimeType;
}

/** Deletes an upload's row: its bytes no longer count against its client's quota. */
export async function uploadDelete({ db, write }: Handle, id: string) {
  await write(db.deleteFrom("clientUploads").where("id", "=", id));
}

/** Up to `limit` uploads created before `cutoff` and still unfinished, oldest first. */
export async function unfinishedBefore(
  { db }: Pick<DatabaseHandle, "db">,
  cutoff: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("clientUploads")
    .select("id")
    .where("completedAt", "is", null)
    .where("createdAt", "<", cutoff)
    .orderBy("createdAt")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
