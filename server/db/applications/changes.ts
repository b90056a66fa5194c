import { type Kysely, sql } from "kysely";
import { type AuditLine, auditLineRow } from "../audit.ts";
import { deliveryForApplication } from "../deliveries/insert-for-application.ts";
import type { Dialect } from "../dialect.ts";
import type { Database } from "../schema.ts";
import { availableMembersQuery, recordTurnsQuery } from "./owners.ts";

type Db = Kysely<Database>;

/** What an action needs to know of an application before it acts. */
export function applicationBrief(db: Db, id: string) {
  return db
    .selectFrom("submissions")
    .select(["id", "email", "isSpam", "createdAt", "dueAt", "ownerId"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export const statusUpdate = (db: Db, id: string, status: string) =>
  db.updateTable("submissions").set({ status }).where("id", "=", id);

/**
 * Marks an application as spam: nothing more is sent, its pending deliveries are skipped (one
 * being sent right now finishes, and is not retried if it fails; see markAttemptFailed).
 */
export const spamStatements = (db: Db, id: string, now: number) => [
  db.updateTable("submissions").set({ isSpam: 1 }).where("id", "=", id),
  db
    .updateTable("deliveries")
    .set({ status: "skipped", skipReason: "spam", updatedAt: now })
    .where("submissionId", "=", id)
    .where("status", "=", "pending"),
];

/**
 * Not spam after all: the update first (a second "Not spam" at the same moment waits for its
 * row lock and then finds the deliveries there, so none is made twice); those skipped as spam
 * go out again, and the `kinds` it never got are made. Results from the second on: what to send.
 */
export const notSpamStatements = (
  handle: { db: Db; dialect: Dialect },
  id: string,
  kinds: readonly string[],
  now: number,
  /** The promise's jobs, each at its time (never before now). */
  scheduled: readonly { kind: string; at: number }[] = [],
) => [
  handle.db.updateTable("submissions").set({ isSpam: 0 }).where("id", "=", id),
  handle.db
    .updateTable("deliveries")
    // A scheduled one keeps its time, unless it has passed.
    .set({
      status: "pending",
      skipReason: null,
      nextAttemptAt: sql<number>`case when next_attempt_at > ${now} then next_attempt_at else ${now} end`,
      updatedAt: now,
    })
    .where("submissionId", "=", id)
    .where("status", "=", "skipped")
    .where("skipReason", "=", "spam"),
  ...kinds.map((kind) => deliveryIfMissing(handle, id, kind, now)),
  ...scheduled.map(({ kind, at }) => deliveryIfMissing(handle, id, kind, now, Math.max(at, now))),
];

/**
 * The round robin's next owner for an unassigned application (one marked "not spam"): the
 * statements that give it to them and record their turn; none when nobody is available.
 */
export async function nextOwnerStatements(db: Db, id: string, now: number) {
  const next = await availableMembersQuery(db).executeTakeFirst();
  if (!next) return [];
  return [
    db
      .updateTable("submissions")
      .set({ ownerId: next.id })
      .where("id", "=", id)
      .where("ownerId", "is", null),
    recordTurnsQuery(db, next.id, now),
  ];
}

/**
 * Gives an application to `owner` (null: nobody) only while its owner is still `seen`, the one
 * the member saw (compare and set): affected 0 when someone else changed it first.
 */
export const ownerUpdate = (db: Db, id: string, owner: string | null, seen: string | null) =>
  db
    .updateTable("submissions")
    .set({ ownerId: owner })
    .where("id", "=", id)
    .where((eb) => (seen === null ? eb("ownerId", "is", null) : eb("ownerId", "=", seen)));

/**
 * The audit line of an owner change, written only while the owner is still `seen`. Run it
 * BEFORE ownerUpdate in the same transaction: on PostgreSQL it locks the row (FOR UPDATE), so a
 * second member's change waits for the first to commit and then finds the owner changed (no
 * line, no update); SQLite's writer runs one transaction at a time. Only the real change is
 * recorded.
 */
export function ownerChangeAuditLine(
  handle: { db: Db; dialect: Dialect },
  line: AuditLine & { applicationId: string },
  seen: string | null,
) {
  const { db, dialect } = handle;
  const row = auditLineRow(line);
  return db
    .insertInto("teamAuditLog")
    .columns(["id", "submissionId", "memberEmail", "action", "detail", "createdAt"])
    .expression((eb) => {
      const select = eb
        .selectFrom("submissions")
        .select([
          eb.cast<string>(eb.val(row.id), "text").as("id"),
          eb.cast<string>(eb.val(row.submissionId), "text").as("submissionId"),
          eb.cast<string>(eb.val(row.memberEmail), "text").as("memberEmail"),
          eb.cast<string>(eb.val(row.action), "text").as("action"),
          eb.cast<string>(eb.val(row.detail), "text").as("detail"),
          eb.cast<number>(eb.val(row.createdAt), "bigint").as("createdAt"),
        ])
        .where("submissions.id", "=", line.applicationId)
        .where((where) =>
          seen === null
            ? where("submissions.ownerId", "is", null)
            : where("submissions.ownerId", "=", seen),
        );
      return dialect === "postgres" ? select.forUpdate() : select;
    });
}

/** An insert of a delivery of `kind`, unless the application already has one of that kind. */
function deliveryIfMissing(
  handle: { db: Db; dialect: Dialect },
  id: string,
  kind: string,
  now: number,
  at = now,
) {
  return deliveryForApplication(handle, { applicationId: id, kind, now, at }, (eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("deliveries")
          .select("deliveries.id")
          .whereRef("deliveries.submissionId", "=", "submissions.id")
          .where("deliveries.kind", "=", kind),
      ),
    ),
  );
}
