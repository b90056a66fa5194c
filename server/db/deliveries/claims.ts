import type { DatabaseHandle } from "../database.ts";
import type { Application, Delivery } from "../schema.ts";
import { markFailedForGood } from "./alerts.ts";

/**
 * Claims up to `limit` due deliveries for `leaseHolder` with a lease until now + leaseMs, in one
 * statement. A delivery is due when it is pending, its time has come and nobody holds a live
 * lease on it: an expired lease (a crashed instance) makes it claimable again. So is a lease
 * `leaseHolder` holds itself: the worker claims only when it has nothing in hand, so such a lease is
 * left over from a claim whose answer never came (the database went away mid-statement; the
 * statement still ran). On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so
 * instances never claim the same row.
 */
export function claimDueDeliveries(
  handle: DatabaseHandle,
  leaseHolder: string,
  options: { now: number; leaseMs: number; limit: number },
): Promise<Delivery[]> {
  const { now, leaseMs, limit } = options;
  const { db, dialect } = handle;
  let due = db
    .selectFrom("deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", now)
    .where((eb) =>
      eb.or([
        eb("leaseExpiresAt", "is", null),
        eb("leaseExpiresAt", "<=", now),
        eb("leaseOwner", "=", leaseHolder),
      ]),
    )
    .orderBy("nextAttemptAt")
    .limit(limit);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  return handle.write(
    db
      .updateTable("deliveries")
      .set({ leaseOwner: leaseHolder, leaseExpiresAt: now + leaseMs, updatedAt: now })
      .where("id", "in", due)
      .returningAll(),
  );
}

/** Marks a delivery done, if `leaseHolder` still holds its lease (kept as who delivered it). */
export async function markDelivered(
  handle: DatabaseHandle,
  delivery: Delivery,
  leaseHolder: string,
) {
  await handle.write(
    handle.db
      .updateTable("deliveries")
      .set({
        status: "done",
        attempts: delivery.attempts + 1,
        leaseExpiresAt: null,
        lastError: null,
        updatedAt: Date.now(),
      })
      .where("id", "=", delivery.id)
      .where("leaseOwner", "=", leaseHolder),
  );
}

/**
 * Records a failed attempt: back to pending at `retryAt`, or failed for good when `retryAt`
 * is null (the retry delays are used up). A delivery skipped meanwhile (its application marked
 * as spam while it was being sent) stays skipped: it is not retried.
 */
export async function markAttemptFailed(
  handle: DatabaseHandle,
  delivery: Delivery,
  leaseHolder: string,
  failure: {
    error: string;
    retryAt: number | null;
    errorClass?: string;
    /** Alerts to make when this attempt was the last (none for an alert itself). */
    alertKinds?: readonly string[];
  },
) {
  const now = Date.now();
  const { errorClass = "other", alertKinds = [] } = failure;
  if (failure.retryAt === null && alertKinds.length > 0 && !delivery.alertFor) {
    return markFailedForGood(handle, delivery, leaseHolder, {
      ...failure,
      errorClass,
      alertKinds,
      now,
    });
  }
  await handle.write(
    handle.db
      .updateTable("deliveries")
      .set({
        status: failure.retryAt === null ? "failed" : "pending",
        attempts: delivery.attempts + 1,
        nextAttemptAt: failure.retryAt ?? delivery.nextAttemptAt,
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: failure.error.slice(0, 1000),
        errorClass,
        updatedAt: now,
      })
      .where("id", "=", delivery.id)
      .where("leaseOwner", "=", leaseHolder)
      .where("status", "=", "pending"),
  );
}

/**
 * Records that a claimed delivery was not sent, by design, and why (its kind's skipReason: a
 * reminder whose application was answered meanwhile), if `leaseHolder` still holds its lease.
 */
export async function markSkipped(
  handle: DatabaseHandle,
  delivery: Delivery,
  leaseHolder: string,
  reason: string,
) {
  await handle.write(
    handle.db
      .updateTable("deliveries")
      .set({
        status: "skipped",
        skipReason: reason,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: Date.now(),
      })
      .where("id", "=", delivery.id)
      .where("leaseOwner", "=", leaseHolder)
      .where("status", "=", "pending"),
  );
}

/** Gives claimed deliveries back unsent (on stop), so the next worker need not wait out the lease. */
export async function releaseLeases(
  handle: DatabaseHandle,
  deliveries: Delivery[],
  leaseHolder: string,
) {
  await handle.write(
    handle.db
      .updateTable("deliveries")
      .set({ leaseOwner: null, leaseExpiresAt: null, updatedAt: Date.now() })
      .where(
        "id",
        "in",
        deliveries.map((delivery) => delivery.id),
      )
      .where("leaseOwner", "=", leaseHolder)
      .where("status", "=", "pending"),
  );
}

/** The applications of a batch of deliveries, by id, in one query. */
export async function applicationsOf(
  handle: DatabaseHandle,
  deliveries: Delivery[],
): Promise<Map<string, Application & { owner: Owner | null }>> {
  const ids = [...new Set(deliveries.map((delivery) => delivery.submissionId))];
  const rows = await handle.db
    .selectFrom("submissions")
    .leftJoin("teamMembers", "teamMembers.id", "submissions.ownerId")
    .selectAll("submissions")
    .select(["teamMembers.name as ownerName", "teamMembers.email as ownerEmail"])
    .where("submissions.id", "in", ids)
    .execute();
  return new Map(
    rows.map(({ ownerName, ownerEmail, ...row }) => [
      row.id,
      { ...row, owner: ownerEmail ? { name: ownerName ?? ownerEmail, email: ownerEmail } : null },
    ]),
  );
}

/** The member who owns an application (its messages name them). */
export interface Owner {
  name: string;
  email: string;
}
