import { sql } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import type { Delivery, Submission } from "./schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

export interface ListedSubmission {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  selectedPlan: string;
  isSpam: number;
  /** Deliveries by status, e.g. { done: 2 }. */
  deliveries: Record<string, number>;
}

/** The newest submissions first, with a count of their deliveries by status. */
export async function listSubmissions({ db }: Handle, limit: number): Promise<ListedSubmission[]> {
  const rows = await db
    .selectFrom("submissions")
    .select(["id", "createdAt", "name", "email", "selectedPlan", "isSpam"])
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom("deliveries")
    .select(["submissionId", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where(
      "submissionId",
      "in",
      rows.map((row) => row.id),
    )
    .groupBy(["submissionId", "status"])
    .execute();
  return rows.map((row) => ({
    ...row,
    deliveries: Object.fromEntries(
      counts
        .filter((count) => count.submissionId === row.id)
        .map((count) => [count.status, Number(count.n)]),
    ),
  }));
}

/** Every submission (oldest first), optionally only those received at or after `since`. */
export function exportSubmissions({ db }: Handle, since?: Date): Promise<Submission[]> {
  let query = db.selectFrom("submissions").selectAll().orderBy("createdAt").orderBy("id");
  if (since) query = query.where("createdAt", ">=", since.getTime());
  return query.execute();
}

export async function findSubmission(
  { db }: Handle,
  id: string,
): Promise<{ submission: Submission; deliveries: Delivery[] } | undefined> {
  const submission = await db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!submission) return undefined;
  const deliveries = await db
    .selectFrom("deliveries")
    .selectAll()
    .where("submissionId", "=", id)
    .orderBy("createdAt")
    .orderBy("kind")
    .execute();
  return { submission, deliveries };
}

/** The statement that sets the failed deliveries of a submission back to pending, due now. */
export function retryFailedStatement(db: Handle["db"], submissionId: string, now = Date.now()) {
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
export async function retryFailedDeliveries({ db }: Handle, submissionId: string): Promise<number> {
  const result = await retryFailedStatement(db, submissionId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The statements that delete every submission of an email address (any case) and their
 * deliveries (notes go with their submission), in this order, to run in one transaction.
 */
export function eraseStatements(db: Handle["db"], email: string) {
  const address = email.trim().toLowerCase();
  const ids = db
    .selectFrom("submissions")
    .select("id")
    .where(sql<string>`lower(email)`, "=", address);
  return [
    db.deleteFrom("deliveries").where("submissionId", "in", ids),
    db.deleteFrom("submissions").where(sql<string>`lower(email)`, "=", address),
  ] as const;
}

/** Deletes every submission of an email address (any case) and their deliveries. */
export function eraseByEmail(
  { db }: Handle,
  email: string,
): Promise<{ submissions: number; deliveries: number }> {
  return db.transaction().execute(async (trx) => {
    const [deleteDeliveries, deleteSubmissions] = eraseStatements(trx, email);
    const deliveries = await deleteDeliveries.executeTakeFirst();
    const submissions = await deleteSubmissions.executeTakeFirst();
    return {
      submissions: Number(submissions.numDeletedRows),
      deliveries: Number(deliveries.numDeletedRows),
    };
  });
}
