import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, DeliveryKind, NewApplication, NewDelivery } from "../schema.ts";
import {
  type ConfirmationCandidate,
  type ConfirmationPlan,
  hourOf,
  planConfirmations,
  recipientWindowMs,
  type SkipReason,
} from "./confirmation-budget.ts";
import { assignOwners } from "./owners.ts";

/** A checked application waiting to be written, with the deliveries it should get. */
export interface PendingApplication {
  row: NewApplication;
  deliveries: readonly DeliveryKind[];
  /**
   * HMAC of the applicant's lower-cased address: its confirmation then counts against the caps
   * (server/db/confirmation-budget.ts). Without it (tests) the confirmation is not capped.
   */
  recipientHash?: string;
  /** Deliveries to run later, each at its time (the promise's reminder and alert). */
  scheduled?: readonly { kind: DeliveryKind; at: number }[];
  /** True: an owner is picked in turn among the available members (owners.ts). */
  assignOwner?: boolean;
}

export type StoredApplication =
  | {
      id: string;
      /** False when the idempotency key had been used: `id` is the first application's. */
      created: boolean;
      /** Deliveries created to be sent (skipped ones not counted). */
      deliveries: number;
      keyReused?: false;
    }
  /** The idempotency key had been used with other answers: nothing was stored. */
  | { id: ""; created: false; deliveries: 0; keyReused: true };

export interface StoreOptions {
  /** CONFIRMATIONS_PER_HOUR: site-wide cap of confirmations per clock hour. */
  confirmationsPerHour: number;
  /** PostgreSQL: concurrent instances take the owners' round robin in turns (owners.ts). */
  postgres?: boolean;
}

/** Rows per INSERT statement: far below SQLite's and PostgreSQL's parameter limits. */
const rowsPerStatement = 100;

/** The outcome of a repeated key: the first id when the answers match, else key reused. */
export function repeatOutcome(
  item: PendingApplication,
  first: { id: string; idempotencyHash: string | null } | undefined,
): StoredApplication {
  if (!first) throw new Error("submission was neither inserted nor found by its key");
  const same = first.idempotencyHash === null || first.idempotencyHash === item.row.idempotencyHash;
  return same
    ? { id: first.id, created: false, deliveries: 0 }
    : { id: "", created: false, deliveries: 0, keyReused: true };
}

/** The confirmations of newly inserted applications that count against the caps. */
export function confirmationCandidates(
  items: readonly PendingApplication[],
  inserted: (item: PendingApplication) => boolean,
): ConfirmationCandidate[] {
  return items.flatMap((item, index) =>
    inserted(item) && item.recipientHash && item.deliveries.includes("applicant_confirmation")
      ? [{ index, recipientHash: item.recipientHash }]
      : [],
  );
}

/** The delivery rows of one inserted application: pending, or a skipped confirmation. */
export function deliveryRows(
  item: PendingApplication,
  skip: SkipReason | undefined,
  now: number,
): NewDelivery[] {
  const row = (kind: DeliveryKind, at: number, skipped: boolean): NewDelivery => ({
    id: randomUUID(),
    submissionId: item.row.id,
    kind,
    status: skipped ? "skipped" : "pending",
    skipReason: skipped ? (skip ?? null) : null,
    nextAttemptAt: at,
    createdAt: now,
    updatedAt: now,
  });
  return [
    ...item.deliveries.map((kind) =>
      row(kind, now, kind === "applicant_confirmation" && skip !== undefined),
    ),
    ...(item.scheduled ?? []).map(({ kind, at }) => row(kind, at, false)),
  ];
}

/** The items that take an owner (assignOwner, and none given). */
export function ownersNeeded(items: readonly PendingApplication[]): PendingApplication[] {
  return items.filter((item) => item.assignOwner && item.row.ownerId == null);
}

/** The items with the owners picked for those that take one (in ownersNeeded's order). */
export function withOwners(
  items: readonly PendingApplication[],
  owners: readonly (string | null)[],
): readonly PendingApplication[] {
  const needOwners = ownersNeeded(items);
  const owned = new Map(needOwners.map((item, index) => [item, owners[index] ?? null]));
  return items.map((item) =>
    owned.has(item) ? { ...item, row: { ...item.row, ownerId: owned.get(item) } } : item,
  );
}

/**
 * Writes applications and their delivery rows in ONE transaction (the outbox pattern): a
 * delivery exists exactly when its application does. A repeated idempotency key inserts nothing
 * and yields the id stored first (also when both arrive in the same batch), or, when the
 * answers differ, `keyReused`. Confirmations over their caps are stored as skipped.
 */
export function storeApplications(
  db: Kysely<Database>,
  pending: readonly PendingApplication[],
  now = Date.now(),
  options: StoreOptions = { confirmationsPerHour: Number.POSITIVE_INFINITY },
): Promise<StoredApplication[]> {
  return db.transaction().execute(async (trx) => {
    const owners = await assignOwners(trx, ownersNeeded(pending).length, now, {
      postgres: options.postgres === true,
    });
    const items = withOwners(pending, owners);
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
    const firstRows = new Map<string, { id: string; idempotencyHash: string | null }>();
    for (const chunk of chunks(repeatedKeys, rowsPerStatement)) {
      const rows = await trx
        .selectFrom("submissions")
        .select(["id", "idempotencyKey", "idempotencyHash"])
        .where("idempotencyKey", "in", chunk)
        .execute();
      for (const row of rows) if (row.idempotencyKey) firstRows.set(row.idempotencyKey, row);
    }

    const candidates = confirmationCandidates(items, (item) => inserted.has(item.row.id));
    const plan = await decideConfirmations(trx, candidates, now, options.confirmationsPerHour);
    const deliveries = items.flatMap((item, index) =>
      inserted.has(item.row.id) ? deliveryRows(item, plan.skipped.get(index), now) : [],
    );
    for (const chunk of chunks(deliveries, rowsPerStatement)) {
      await trx.insertInto("deliveries").values(chunk).execute();
    }

    return items.map((item, index): StoredApplication => {
      if (inserted.has(item.row.id)) {
        const skipped = plan.skipped.has(index) ? 1 : 0;
        return { id: item.row.id, created: true, deliveries: item.deliveries.length - skipped };
      }
      const key = item.row.idempotencyKey;
      return repeatOutcome(item, key ? firstRows.get(key) : undefined);
    });
  });
}

/**
 * Takes the hour's counter row (its lock makes concurrent transactions wait until this one
 * commits), reads which candidates' addresses had a confirmation in the last 24 hours, plans,
 * and records the grants.
 */
async function decideConfirmations(
  trx: Transaction<Database>,
  candidates: ConfirmationCandidate[],
  now: number,
  perHour: number,
): Promise<ConfirmationPlan> {
  if (candidates.length === 0) return { skipped: new Map(), granted: [] };
  const hour = hourOf(now);
  const counter = await trx
    .insertInto("confirmationHours")
    .values({ hour, count: 0 })
    .onConflict((oc) =>
      oc.column("hour").doUpdateSet((eb) => ({ count: eb.ref("confirmationHours.count") })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const recent = new Set<string>();
  const hashes = [...new Set(candidates.map((candidate) => candidate.recipientHash))];
  for (const chunk of chunks(hashes, rowsPerStatement)) {
    const rows = await trx
      .selectFrom("confirmationRecipients")
      .select("recipientHash")
      .where("recipientHash", "in", chunk)
      .where("sentAt", ">", now - recipientWindowMs)
      .execute();
    for (const row of rows) recent.add(row.recipientHash);
  }
  const plan = planConfirmations(candidates, {
    recent,
    sentThisHour: Number(counter.count),
    perHour,
  });
  for (const chunk of chunks(plan.granted, rowsPerStatement)) {
    await trx
      .insertInto("confirmationRecipients")
      .values(chunk.map((recipientHash) => ({ recipientHash, sentAt: now })))
      .onConflict((oc) =>
        oc.column("recipientHash").doUpdateSet((eb) => ({ sentAt: eb.ref("excluded.sentAt") })),
      )
      .execute();
  }
  if (plan.granted.length > 0) {
    await trx
      .updateTable("confirmationHours")
      .set((eb) => ({ count: eb("count", "+", plan.granted.length) }))
      .where("hour", "=", hour)
      .execute();
  }
  return plan;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
