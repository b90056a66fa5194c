import type { DatabaseHandle } from "../db/database.ts";
import { type DeliveryBacklog, total } from "../db/deliveries/backlog.ts";

export interface Health {
  ok: boolean;
  database: string;
  /** The outbox, when the database answered: what a load balancer ignores and a person reads. */
  deliveries?: { pending: number; oldestPendingSeconds: number; failed: number };
}

/**
 * /healthz: `ok` is liveness (the database answers), as load balancers expect; the delivery
 * backlog is added for people (a backlog never makes the instance unhealthy).
 */
export async function healthWithBacklog(
  database: Pick<DatabaseHandle, "ping" | "dialect">,
  backlog: () => Promise<DeliveryBacklog>,
): Promise<Health> {
  try {
    await database.ping();
  } catch {
    return { ok: false, database: "unreachable" };
  }
  const deliveries = await backlog().then(
    (value) => ({
      pending: total(value.pending),
      oldestPendingSeconds: value.oldestPendingSeconds,
      failed: total(value.failed),
    }),
    () => undefined,
  );
  return { ok: true, database: database.dialect, ...(deliveries && { deliveries }) };
}
