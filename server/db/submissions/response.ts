import type { DatabaseHandle } from "../database.ts";
import { overdueCounts } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** One genuine application as the Response page counts it. */
export interface ResponseRow {
  createdAt: number;
  dueAt: number | null;
  firstResponseAt: number | null;
  ownerId: string | null;
}

/**
 * What the Response page is made of, as rows: the genuine applications received since `since`
 * (one read over the created_at index), the unanswered ones past due at `now` per owner
 * (whenever they arrived), and the members.
 */
export async function responseRows(handle: Handle, since: number, now: number) {
  const [rows, overdueByOwner, members] = await Promise.all([
    handle.db
      .selectFrom("submissions")
      .select(["createdAt", "dueAt", "firstResponseAt", "ownerId"])
      .where("createdAt", ">=", since)
      .where("isSpam", "=", 0)
      .execute(),
    overdueCounts(handle, now),
    handle.db.selectFrom("teamMembers").select(["id", "name", "email"]).orderBy("name").execute(),
  ]);
  return {
    rows: rows.map(
      (row): ResponseRow => ({
        createdAt: Number(row.createdAt),
        dueAt: row.dueAt === null ? null : Number(row.dueAt),
        firstResponseAt: row.firstResponseAt === null ? null : Number(row.firstResponseAt),
        ownerId: row.ownerId,
      }),
    ),
    overdueByOwner,
    members,
  };
}
