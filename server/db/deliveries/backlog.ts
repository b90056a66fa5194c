import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";

export interface DeliveryBacklog {
  /**
   * Deliveries not sent yet (waiting for their first attempt or a retry), by kind; not those
   * scheduled for later (the promise's reminders) until their time.
   */
  pending: Record<string, number>;
  /** Deliveries that failed for good (until an operator retries them), by kind. */
  failed: Record<string, number>;
  /** Age of the oldest pending delivery in seconds (0 when none is pending). */
  oldestPendingSeconds: number;
}

/**
 * The outbox's state, from the database: shared by every instance, so any of them tells the
 * truth. One query over the (status, next_attempt_at) index; done deliveries are not read.
 */
export async function deliveryBacklog(
  handle: Pick<DatabaseHandle, "db">,
  now = Date.now(),
): Promise<DeliveryBacklog> {
  const rows = await handle.db
    .selectFrom("deliveries")
    .select((eb) => [
      "status",
      "kind",
      eb.fn.countAll<number | string>().as("count"),
      // Waiting since it was due: its time for a scheduled one (a reminder), else its creation.
      eb.fn
        .min(sql<number>`case when attempts = 0 then next_attempt_at else created_at end`)
        .as("oldest"),
    ])
    .where("status", "in", ["pending", "failed"])
    // A scheduled delivery whose time has not come (a reminder due tomorrow) is no backlog.
    .where((eb) =>
      eb.not(
        eb.and([
          eb("status", "=", "pending"),
          eb("attempts", "=", 0),
          eb("nextAttemptAt", ">", now),
        ]),
      ),
    )
    .groupBy(["status", "kind"])
    .execute();
  const backlog: DeliveryBacklog = { pending: {}, failed: {}, oldestPendingSeconds: 0 };
  let oldest = now;
  for (const row of rows) {
    const status = row.status === "pending" ? "pending" : "failed";
    backlog[status][row.kind] = Number(row.count);
    if (status === "pending") oldest = Math.min(oldest, Number(row.oldest));
  }
  backlog.oldestPendingSeconds = Math.max(0, Math.round((now - oldest) / 1000));
  return backlog;
}

/** The sum of a by-kind count. */
export const total = (byKind: Record<string, number>) =>
  Object.values(byKind).reduce((sum, n) => sum + n, 0);

/**
 * `deliveryBacklog` at most once per `ttlMs`: load balancers' health checks and scrapes (whose
 * gauges all ask at once) may come often, the answer changes slowly.
 */
export function cachedBacklog(
  handle: Pick<DatabaseHandle, "db">,
  ttlMs = 1000,
): () => Promise<DeliveryBacklog> {
  let last: { at: number; value: Promise<DeliveryBacklog> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) last = { at: now, value: deliveryBacklog(handle, now) };
    return last.value;
  };
}
