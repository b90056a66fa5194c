import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { fieldNames } from "#app/shared/schema.ts";
import type { Database, NewApplication, NewDelivery } from "../schema.ts";
import { hourOf, planConfirmations, recipientWindowMs } from "./confirmation-budget.ts";
import { availableMembersQuery, planOwners, recordTurnsQuery } from "./owners.ts";
import {
  confirmationCandidates,
  deliveryRows,
  ownersNeeded,
  type PendingApplication,
  repeatOutcome,
  type StoredApplication,
  type StoreOptions,
  withOwners,
} from "./store.ts";

/**
 * storeApplications (submissions.ts) for SQLite, on the hot path of the writer thread: the same statements (built by Kysely, so they
 * follow the typed schema) prepared once and run synchronously in one better-sqlite3
 * transaction. Kysely's SQLite driver prepares every statement anew, which costs more than
 * the inserts themselves at a few thousand rows per second.
 */
export function createSqliteStore(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  options: StoreOptions,
) {
  const applicationColumns = [
    "id",
    ...fieldNames,
    "createdAt",
    "ipHash",
    "userAgent",
    "isSpam",
    "idempotencyKey",
    "idempotencyHash",
    "ownerId",
    "dueAt",
    "visitSource",
    "visitMedium",
    "visitCampaign",
    "visitReferrer",
    "visitLandingPage",
  ] as const satisfies readonly (keyof NewApplication)[];
  const deliveryColumns = [
    "id",
    "submissionId",
    "kind",
    "status",
    "skipReason",
    "nextAttemptAt",
    "createdAt",
    "updatedAt",
  ] as const satisfies readonly (keyof NewDelivery)[];

  // Placeholder rows: Kysely emits one parameter per column, in the order of the keys.
  const placeholders = <K extends string>(columns: readonly K[]) =>
    Object.fromEntries(columns.map((column) => [column, null])) as Record<K, never>;
  const prepare = (query: { compile(): { sql: string } }) => sqlite.prepare(query.compile().sql);
  const insertApplication = prepare(
    db
      .insertInto("submissions")
      .values(placeholders(applicationColumns))
      .onConflict((oc) => oc.column("idempotencyKey").doNothing())
      .returning("id"),
  );
  const findByKey = prepare(
    db.selectFrom("submissions").select(["id", "idempotencyHash"]).where("idempotencyKey", "=", ""),
  );
  const insertDelivery = prepare(db.insertInto("deliveries").values(placeholders(deliveryColumns)));
  // The confirmation caps (see confirmation-budget.ts); one writer, so no lock to take.
  const hourCount = prepare(
    db.selectFrom("confirmationHours").select("count").where("hour", "=", 0),
  );
  const addToHour = prepare(
    db
      .insertInto("confirmationHours")
      .values({ hour: 0, count: 0 })
      .onConflict((oc) =>
        oc.column("hour").doUpdateSet((eb) => ({
          count: eb("confirmationHours.count", "+", eb.ref("excluded.count")),
        })),
      ),
  );
  const lastSent = prepare(
    db
      .selectFrom("confirmationRecipients")
      .select("sentAt")
      .where("recipientHash", "=", "")
      .where("sentAt", ">", 0),
  );
  const grant = prepare(
    db
      .insertInto("confirmationRecipients")
      .values({ recipientHash: "", sentAt: 0 })
      .onConflict((oc) =>
        oc.column("recipientHash").doUpdateSet((eb) => ({ sentAt: eb.ref("excluded.sentAt") })),
      ),
  );

  // The owners' round robin (owners.ts); one writer, so no lock to take.
  const membersInTurn = prepare(availableMembersQuery(db));
  const recordTurn = prepare(recordTurnsQuery(db, "", 0));

  const assignOwners = (pending: readonly PendingApplication[], now: number) => {
    const count = ownersNeeded(pending).length;
    if (count === 0) return pending;
    const members = (membersInTurn.all() as { id: string }[]).map((member) => member.id);
    const plan = planOwners(members, count, now);
    for (const [member, at] of plan.turns) recordTurn.run(member, at);
    return withOwners(pending, plan.owners);
  };

  const write = sqlite.transaction((pending: readonly PendingApplication[], now: number) => {
    const items = assignOwners(pending, now);
    const inserted = new Set<string>();
    const repeats = new Map<number, StoredApplication>();
    items.forEach((item, index) => {
      const row = item.row;
      const values = applicationColumns.map((column) => row[column] ?? null);
      if (insertApplication.get(values)) inserted.add(row.id);
      else {
        const first = findByKey.get(row.idempotencyKey) as
          | { id: string; idempotency_hash: string | null }
          | undefined;
        repeats.set(
          index,
          repeatOutcome(item, first && { id: first.id, idempotencyHash: first.idempotency_hash }),
        );
      }
    });

    const candidates = confirmationCandidates(items, (item) => inserted.has(item.row.id));
    const hour = hourOf(now);
    const recent = new Set(
      candidates
        .map((candidate) => candidate.recipientHash)
        .filter((hash) => lastSent.get(hash, now - recipientWindowMs) !== undefined),
    );
    const counted = hourCount.get(hour) as { count: number } | undefined;
    const plan = planConfirmations(candidates, {
      recent,
      sentThisHour: counted?.count ?? 0,
      perHour: options.confirmationsPerHour,
    });
    for (const recipientHash of plan.granted) grant.run(recipientHash, now);
    if (plan.granted.length > 0) addToHour.run(hour, plan.granted.length);

    return items.map((item, index): StoredApplication => {
      const repeat = repeats.get(index);
      if (repeat) return repeat;
      const skip = plan.skipped.get(index);
      for (const delivery of deliveryRows(item, skip, now)) {
        insertDelivery.run(deliveryColumns.map((column) => delivery[column] ?? null));
      }
      return {
        id: item.row.id,
        created: true,
        deliveries: item.deliveries.length - (skip ? 1 : 0),
      };
    });
  });

  return async (items: readonly PendingApplication[], now = Date.now()) => {
    // better-sqlite3 would nest inside an open Kysely transaction (as a savepoint): never here.
    if (sqlite.inTransaction) throw new Error("SQLite connection is inside another transaction");
    return write(items, now);
  };
}
