import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, DeliveryKind, NewDelivery, NewSubmission } from "./schema.ts";

/** A checked submission waiting to be written, with the deliveries it should get. */
export interface PendingSubmission {
  row: NewSubmission;
  deliveries: readonly DeliveryKind[];
}

export interface StoredSubmission {
  id: string;
  /** False when the idempotency key had been used: `id` is the first submission's. */
  created: boolean;
  deliveries: number;
}

/** Rows per INSERT statement: far below SQLite's and PostgreSQL's parameter limits. */
const rowsPerStatement = 100;

/**
 * Writes submissions and their delivery rows in ONE transaction (the outbox pattern): a
 * delivery exists exactly when its submission does. A repeated idempotency key inserts nothing
 * and yields the id stored first (also when both arrive in the same batch).
 */
export function storeSubmissions(
  db: Kysely<Database>,
  items: readonly PendingSubmission[],
  now = Date.now(),
): Promise<StoredSubmission[]> {
  return db.transaction().execute(async (trx) => {
    const inserted = new Set<string>();
    for (const chunk of chunks(items, rowsPerStatement)) {
      const rows = await trx
        .insertInto("submissions")
        .values(chunk.map((item) => item.row))
        .onConflict((oc) => oc.column("idempotencyKey").doNothing())
        .returning("id")
        .execute();
      for (const row of rows) inserted.add(row.id);
    }

    const repeatedKeys = items
      .filter((item) => !inserted.has(item.row.id))
      .map((item) => item.row.idempotencyKey)
      .filter((key): key is string => typeof key === "string");
    const firstIds = new Map<string, string>();
    for (const chunk of chunks(repeatedKeys, rowsPerStatement)) {
      const rows = await trx
        .selectFrom("submissions")
        .select(["id", "idempotencyKey"])
        .where("idempotencyKey", "in", chunk)
        .execute();
      for (const row of rows) if (row.idempotencyKey) firstIds.set(row.idempotencyKey, row.id);
    }

    const deliveries: NewDelivery[] = items
      .filter((item) => inserted.has(item.row.id))
      .flatMap((item) =>
        item.deliveries.map((kind) => ({
          id: randomUUID(),
          submissionId: item.row.id,
          kind,
          status: "pending" as const,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      );
    for (const chunk of chunks(deliveries, rowsPerStatement)) {
      await trx.insertInto("deliveries").values(chunk).execute();
    }

    return items.map((item) => {
      if (inserted.has(item.row.id)) {
        return { id: item.row.id, created: true, deliveries: item.deliveries.length };
      }
      const first = item.row.idempotencyKey ? firstIds.get(item.row.idempotencyKey) : undefined;
      if (!first) throw new Error("submission was neither inserted nor found by its key");
      return { id: first, created: false, deliveries: 0 };
    });
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
