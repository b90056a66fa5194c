import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database>;

/** How many deliveries of an application failed for good. */
export async function failedDeliveryCount(db: Db, applicationId: string): Promise<number> {
  const rows = await db
    .selectFrom("deliveries")
    .select("id")
    .where("submissionId", "=", applicationId)
    .where("status", "=", "failed")
    .execute();
  return rows.length;
}

/** The statement that sets the failed deliveries of an application back to pending, due now. */
export function retryFailedStatement(db: Db, applicationId: string, now = Date.now()) {
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
    .where("submissionId", "=", applicationId)
    .where("status", "=", "failed");
}

/** Sets the failed deliveries of an application back to pending, due now, with fresh retries. */
export async function retryFailedDeliveries(db: Db, applicationId: string): Promise<number> {
  const result = await retryFailedStatement(db, applicationId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
