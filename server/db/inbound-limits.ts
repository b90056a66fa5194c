import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database>;

/**
 * The bytes the messages that came in keep on disk (raw files and attachments): an
 * application's (`submissionId`), or Unmatched's as a whole (null). The database's own sum,
 * over the index `application_messages_stored`.
 */
export async function storedInboundBytes(db: Db, applicationId: string | null): Promise<number> {
  const row = await db
    .selectFrom("applicationMessages")
    .select(sql<number>`cast(coalesce(sum(size), 0) as bigint)`.as("bytes"))
    .where("submissionId", applicationId === null ? "is" : "=", applicationId)
    .where("direction", "=", "in")
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Records that `limitName` refused mail in the period starting at `periodStart`; true only for
 * the first record of that limit and period (on any instance): the one that tells the team.
 */
export async function limitNoticeIfFirst(
  database: Pick<DatabaseHandle, "db" | "writeTransaction">,
  notice: { limitName: string; periodStart: number; now: number },
): Promise<boolean> {
  const [result] = await database.writeTransaction([
    database.db
      .insertInto("inboundLimitNotices")
      .values({
        id: `${notice.limitName}:${notice.periodStart}`,
        limitName: notice.limitName,
        periodStart: notice.periodStart,
        createdAt: notice.now,
      })
      .onConflict((conflict) => conflict.column("id").doNothing()),
  ]);
  return (result?.affected ?? 0) > 0;
}

/** Deletes the records of periods that ended before `cutoff` (they are never looked at again). */
export const limitNoticesPurge = (db: Db, cutoff: number) =>
  db.deleteFrom("inboundLimitNotices").where("periodStart", "<", cutoff).execute();
