import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/**
 * The insert of one delivery a feature makes when it needs it (a reply sent from the inbox),
 * pending and due `now`: the worker sends it at its next claim. Run it in the transaction of
 * what it belongs to (the message it sends).
 */
export function onDemandDeliveryInsert(
  db: Kysely<Database>,
  delivery: { id: string; applicationId: string; kind: string; now: number },
) {
  return db.insertInto("deliveries").values({
    id: delivery.id,
    submissionId: delivery.applicationId,
    kind: delivery.kind,
    status: "pending",
    attempts: 0,
    nextAttemptAt: delivery.now,
    leaseOwner: null,
    leaseExpiresAt: null,
    lastError: null,
    skipReason: null,
    createdAt: delivery.now,
    updatedAt: delivery.now,
  });
}
