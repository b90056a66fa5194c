import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database>;

/** How many deliveries of a submission failed for good. */
export async function failedDeliveryCount(db: Db, submissionId: string): Promise<number> {
  const rows = await db
    .selectFrom("deliveries")
    .select("id")
    .where("submissionId", "=", submissionId)
    .where("status", "=", "failed")
    .execute();
  return rows.length;
}

/** The statement that sets the failed deliveries of a submission back to pending, due now. */
export function retryFailedStatement(db: Db, submissionId: string, now = Date.now()) {
  return db
    .updateTable("deliveries")
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
      updatedAt: now,
    })
    .where("submissionId", "=", submissionId)
    .where("status", "=", "failed");
}

/** Sets the failed deliveries of a submission back to pending, due now, with fresh retries. */
export async function retryFailedDeliveries(db: Db, submissionId: string): Promise<number> {
  const result = await retryFailedStatement(db, submissionId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
