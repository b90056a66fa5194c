import { randomUUID } from "node:crypto";
import type { Compilable } from "kysely";
import { team } from "#app/content/team.ts";
import { noteMaxLength, statusSchema } from "#app/shared/inbox-query.ts";
import { invisibleCharactersMessage } from "#app/shared/schema.ts";
import type { ActionOutcome, TeamAction, TeamMember } from "#app/shared/team-port.ts";
import { forbiddenCharacters } from "#app/shared/text.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { eraseStatements, retryFailedStatement } from "../db/operator-queries.ts";
import type { DeliveryKind } from "../db/schema.ts";
import type { RunTransaction } from "../db/write-transaction.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

let sequence = 0;
/** Audit ids sort by time, then by order within this process (the log reads newest first). */
function auditId(now: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(now).padStart(15, "0")}-${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}`;
}
const copy = team.application.done;

export interface ActionDeps {
  database: Handle;
  transaction: RunTransaction;
  /** The deliveries an application gets (the webhook only when configured). */
  deliveryKinds: readonly DeliveryKind[];
  /** Deletes the applicant's .eml files (as the CLI's erase does). */
  eraseMailFiles: (email: string) => Promise<number>;
  /** The HMAC under which the applicant's confirmation is counted (erased with them). */
  hashRecipient: (email: string) => string;
  /** After an erase: empties the SQLite -wal, which holds old images of the erased rows. */
  afterErase: () => Promise<void>;
  /** Tells the delivery worker there is work (not spam, retry). */
  nudgeWorker: () => void;
}

/**
 * The team's actions on one application. Each runs its statements and its audit line (who,
 * what, when) in ONE transaction: an action is never done without its line, nor the reverse.
 */
export function createApplicationActions(deps: ActionDeps) {
  const { database, transaction } = deps;
  const { db } = database;

  const auditLine = (
    member: TeamMember,
    id: string,
    action: string,
    detail = "",
    now = Date.now(),
  ) =>
    db.insertInto("teamAuditLog").values({
      id: auditId(now),
      submissionId: id,
      memberEmail: member.email,
      action,
      detail,
      createdAt: now,
    });

  /** An insert of a delivery of `kind`, unless the application already has one of that kind. */
  const deliveryIfMissing = (id: string, kind: DeliveryKind, now: number) => {
    const uuid = database.dialect === "postgres" ? "uuid" : "text";
    return db
      .insertInto("deliveries")
      .columns([
        "id",
        "submissionId",
        "kind",
        "status",
        "attempts",
        "nextAttemptAt",
        "createdAt",
        "updatedAt",
      ])
      .expression((eb) =>
        eb
          .selectFrom("submissions")
          .select([
            eb.cast<string>(eb.val(randomUUID()), uuid).as("id"),
            "submissions.id as submissionId",
            eb.cast<DeliveryKind>(eb.val(kind), "text").as("kind"),
            eb.cast<"pending">(eb.val("pending"), "text").as("status"),
            eb.cast<number>(eb.val(0), "integer").as("attempts"),
            eb.cast<number>(eb.val(now), "bigint").as("nextAttemptAt"),
            eb.cast<number>(eb.val(now), "bigint").as("createdAt"),
            eb.cast<number>(eb.val(now), "bigint").as("updatedAt"),
          ])
          .where("submissions.id", "=", id)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom("deliveries")
                  .select("deliveries.id")
                  .whereRef("deliveries.submissionId", "=", "submissions.id")
                  .where("deliveries.kind", "=", kind),
              ),
            ),
          ),
      );
  };

  async function run(member: TeamMember, id: string, action: TeamAction): Promise<ActionOutcome> {
    const now = Date.now();
    const submission = await db
      .selectFrom("submissions")
      .select(["id", "email", "isSpam"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!submission) return { ok: false, error: "not_found", message: copy.notFound };
    const applyWith = (statements: Compilable[], audit: Compilable) =>
      transaction([...statements, audit]);

    switch (action.type) {
      case "status": {
        const status = statusSchema.safeParse(action.status);
        if (!status.success) return { ok: false, error: "invalid", message: copy.invalidStatus };
        await applyWith(
          [db.updateTable("submissions").set({ status: status.data }).where("id", "=", id)],
          auditLine(member, id, "status", status.data, now),
        );
        return { ok: true, done: "status", message: copy.status };
      }
      case "note": {
        const body = action.body.trim();
        if (!body) return { ok: false, error: "invalid", message: copy.noteEmpty };
        if (body.length > noteMaxLength)
          return { ok: false, error: "invalid", message: copy.noteTooLong };
        // As the questionnaire: no control characters (PostgreSQL refuses a NUL outright).
        if (forbiddenCharacters.test(body))
          return { ok: false, error: "invalid", message: invisibleCharactersMessage };
        await applyWith(
          [
            db.insertInto("applicationNotes").values({
              id: randomUUID(),
              submissionId: id,
              authorEmail: member.email,
              body,
              createdAt: now,
            }),
          ],
          auditLine(member, id, "note", "", now),
        );
        return { ok: true, done: "note", message: copy.note };
      }
      case "spam": {
        // Nothing more is sent: its pending deliveries are skipped (one being sent right now
        // finishes, and is not retried if it fails; see markAttemptFailed).
        await applyWith(
          [
            db.updateTable("submissions").set({ isSpam: 1 }).where("id", "=", id),
            db
              .updateTable("deliveries")
              .set({ status: "skipped", skipReason: "spam", updatedAt: now })
              .where("submissionId", "=", id)
              .where("status", "=", "pending"),
          ],
          auditLine(member, id, "spam", "", now),
        );
        return { ok: true, done: "spam", message: copy.spam };
      }
      case "not-spam": {
        // The update first: a second "Not spam" at the same moment waits for its row lock and
        // then finds the deliveries there, so none is created (or sent) twice. Those skipped
        // when it was marked as spam go out again; the others are created.
        const results = await applyWith(
          [
            db.updateTable("submissions").set({ isSpam: 0 }).where("id", "=", id),
            db
              .updateTable("deliveries")
              .set({ status: "pending", skipReason: null, nextAttemptAt: now, updatedAt: now })
              .where("submissionId", "=", id)
              .where("status", "=", "skipped")
              .where("skipReason", "=", "spam"),
            ...deps.deliveryKinds.map((kind) => deliveryIfMissing(id, kind, now)),
          ],
          auditLine(member, id, "not-spam", "", now),
        );
        const toSend = results.slice(1, -1).reduce((sum, result) => sum + result.affected, 0);
        if (toSend > 0) deps.nudgeWorker();
        return { ok: true, done: "notSpam", message: copy.notSpam };
      }
      case "retry": {
        const failed = await db
          .selectFrom("deliveries")
          .select("id")
          .where("submissionId", "=", id)
          .where("status", "=", "failed")
          .execute();
        if (failed.length === 0)
          return { ok: true, done: "nothingToRetry", message: copy.nothingToRetry };
        await applyWith(
          [retryFailedStatement(db, id, now)],
          auditLine(member, id, "retry", String(failed.length), now),
        );
        deps.nudgeWorker();
        return { ok: true, done: "retry", message: copy.retry };
      }
      case "erase": {
        const [deleteDeliveries, deleteSubmissions] = eraseStatements(db, submission.email);
        await transaction([
          auditLine(member, id, "erase", "", now),
          deleteDeliveries,
          deleteSubmissions,
          db
            .deleteFrom("confirmationRecipients")
            .where("recipientHash", "=", deps.hashRecipient(submission.email)),
        ]);
        await deps.eraseMailFiles(submission.email);
        await deps.afterErase();
        return { ok: true, done: "erase", message: copy.erase };
      }
    }
  }

  return { run };
}
