import { randomUUID } from "node:crypto";
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { fieldNames } from "#app/shared/schema.ts";
import type { Database, NewDelivery, NewSubmission } from "./schema.ts";
import type { PendingSubmission, StoredSubmission } from "./submissions.ts";

/**
 * storeSubmissions (submissions.ts) for SQLite, on the hot path of the writer thread: the same statements (built by Kysely, so they
 * follow the typed schema) prepared once and run synchronously in one better-sqlite3
 * transaction. Kysely's SQLite driver prepares every statement anew, which costs more than
 * the inserts themselves at a few thousand rows per second.
 */
export function createSqliteStore(db: Kysely<Database>, sqlite: SQLite.Database) {
  const submissionColumns = [
    "id",
    ...fieldNames,
    "createdAt",
    "ipHash",
    "userAgent",
    "isSpam",
    "idempotencyKey",
  ] as const satisfies readonly (keyof NewSubmission)[];
  const deliveryColumns = [
    "id",
    "submissionId",
    "kind",
    "status",
    "nextAttemptAt",
    "createdAt",
    "updatedAt",
  ] as const satisfies readonly (keyof NewDelivery)[];

  // Placeholder rows: Kysely emits one parameter per column, in the order of the keys.
  const placeholders = <K extends string>(columns: readonly K[]) =>
    Object.fromEntries(columns.map((column) => [column, null])) as Record<K, never>;
  const insertSubmission = sqlite.prepare(
    db
      .insertInto("submissions")
      .values(placeholders(submissionColumns))
      .onConflict((oc) => oc.column("idempotencyKey").doNothing())
      .returning("id")
      .compile().sql,
  );
  const findByKey = sqlite.prepare(
    db.selectFrom("submissions").select("id").where("idempotencyKey", "=", "").compile().sql,
  );
  const insertDelivery = sqlite.prepare(
    db.insertInto("deliveries").values(placeholders(deliveryColumns)).compile().sql,
  );

  const write = sqlite.transaction((items: readonly PendingSubmission[], now: number) =>
    items.map((item): StoredSubmission => {
      const row = item.row;
      const inserted = insertSubmission.get(submissionColumns.map((column) => row[column] ?? null));
      if (!inserted) {
        const first = findByKey.get(row.idempotencyKey) as { id: string } | undefined;
        if (!first) throw new Error("submission was neither inserted nor found by its key");
        return { id: first.id, created: false, deliveries: 0 };
      }
      for (const kind of item.deliveries) {
        const delivery = {
          id: randomUUID(),
          submissionId: row.id,
          kind,
          status: "pending",
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        } satisfies NewDelivery;
        insertDelivery.run(deliveryColumns.map((column) => delivery[column]));
      }
      return { id: row.id, created: true, deliveries: item.deliveries.length };
    }),
  );

  return async (items: readonly PendingSubmission[], now = Date.now()) => {
    // better-sqlite3 would nest inside an open Kysely transaction (as a savepoint): never here.
    if (sqlite.inTransaction) throw new Error("SQLite connection is inside another transaction");
    return write(items, now);
  };
}
