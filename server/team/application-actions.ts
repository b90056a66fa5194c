import { randomUUID } from "node:crypto";
import type { Compilable } from "kysely";
import { team } from "#app/content/team.ts";
import type { TeamAction } from "#app/shared/application-port.ts";
import { noteMaxLength, statusSchema } from "#app/shared/inbox-query.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import { normalizeReply, replyKeyPattern, replyProblem } from "#app/shared/reply-rules.ts";
import { invisibleCharactersMessage } from "#app/shared/schema.ts";
import { staleReplyMessage } from "#app/shared/stale-reply.ts";
import type { ActionOutcome, TeamMember } from "#app/shared/team-port.ts";
import { fill, forbiddenCharacters } from "#app/shared/text.ts";
import {
  applicationBrief,
  nextOwnerStatements,
  notSpamStatements,
  ownerChangeAuditLine,
  ownerUpdate,
  spamStatements,
  statusUpdate,
} from "../db/applications/changes.ts";
import { answeringStatuses, firstResponseStatements } from "../db/applications/promise.ts";
import { auditLineInsert } from "../db/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { onDemandDeliveryInsert } from "../db/deliveries/on-demand.ts";
import { failedDeliveryCount, retryFailedStatement } from "../db/deliveries/retry.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { findMemberById } from "../db/members.ts";
import {
  flaggedSenderMessage,
  senderConfirmUpdate,
  toUnmatchedUpdate,
} from "../db/message-flags.ts";
import {
  lastInboundMessageId,
  messageInsert,
  newReplyUpdate,
  replyOfKey,
  threadMessageSince,
} from "../db/messages.ts";
import { noteInsert } from "../db/notes.ts";
import { type RunTransaction, runNamed } from "../db/write-transaction.ts";
import { mailDomain } from "../mail/mail-domain.ts";
import { taggedMessageId } from "../mail/product-message-ids.ts";
import { parseMessageCursor } from "./message-cursor.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

const copy = team.application.done;
const replyCopy = team.application.reply;

export interface ActionDeps {
  database: Handle;
  transaction: RunTransaction;
  /** The deliveries an application gets (the webhook only when configured). */
  deliveryKinds: readonly string[];
  /**
   * Erases an applicant everywhere (rows, files, .eml files), `also` in the same transaction:
   * the one erase the CLI runs too (server/erasure/erase-applicant.ts).
   */
  erase: (
    email: string,
    also: readonly Compilable[],
  ) => Promise<{ hold?: { why: "client" | "person"; clientName: string } }>;
  /** MAIL_FROM: replies go out from its address, and their Message-IDs are of its domain. */
  mailFrom: string;
  /** Where a member's reply comes From: the team's address (CONTACT_EMAIL). */
  replyFrom: string;
  /** The secret our Message-IDs are tagged with (`reply_tag_secret`): a reply's proof. */
  messageIdSecret: string;
  /** The kind of delivery that sends a reply (made on demand, registered by the delivery side). */
  replyKind: string;
  /** After an erase: empties the SQLite -wal, which holds old images of the erased rows. */
  afterErase: () => Promise<void>;
  /** Tells the delivery worker there is work (not spam, retry). */
  nudgeWorker: () => void;
  /** The promise's jobs an application gets, each at its time from its due time. */
  scheduledKinds?: readonly { kind: string; fromDueMs: number }[];
  /** Told of each first response (seconds since the application arrived): the metrics. */
  onFirstResponse?: (seconds: number) => void;
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
  ) => auditLineInsert(db, { applicationId: id, memberEmail: member.email, action, detail, now });

  /**
   * A reply sent already from the draft of `key`: the same text answers "Already sent" (nothing
   * more is sent); other text is refused, so that a changed draft is never dropped silently.
   */
  async function repeatedReply(
    id: string,
    key: string,
    reply: { subject: string; body: string },
  ): Promise<ActionOutcome | undefined> {
    const first = await replyOfKey(db, id, key);
    if (!first) return undefined;
    if (first.subject === reply.subject && first.body === reply.body) {
      return { ok: true, done: "alreadySent", message: copy.alreadySent };
    }
    return { ok: false, error: "conflict", message: replyCopy.keyReused };
  }

  /** Someone changed the owner first: who has it now, as the page names members. */
  async function ownerChanged(id: string): Promise<ActionOutcome> {
    const now = await applicationBrief(db, id);
    if (!now) return { ok: false, error: "not_found", message: copy.notFound };
    const holder = now.ownerId ? await findMemberById(database, now.ownerId) : undefined;
    return {
      ok: false,
      error: "conflict",
      message: holder
        ? fill(copy.ownerChanged, { owner: holder.name || holder.email })
        : copy.ownerChangedToNobody,
    };
  }

  async function run(member: TeamMember, id: string, action: TeamAction): Promise<ActionOutcome> {
    const now = Date.now();
    const application = await applicationBrief(db, id);
    if (!application) return { ok: false, error: "not_found", message: copy.notFound };
    const applyWith = (statements: Compilable[], audit: Compilable) =>
      transaction([...statements, audit]);

    switch (action.type) {
      case "status": {
        const status = statusSchema.safeParse(action.status);
        if (!status.success) return { ok: false, error: "invalid", message: copy.invalidStatus };
        // Contacted, Onboarded or Declined answers it: its first response, if it had none.
        const answers = answeringStatuses.includes(status.data)
          ? firstResponseStatements(db, id, now)
          : [];
        const { answers: answered } = await runNamed(transaction, {
          status: statusUpdate(db, id, status.data),
          answers, // the first sets its first response, if it had none
          audit: auditLine(member, id, "status", status.data, now),
        });
        if ((answered[0]?.affected ?? 0) > 0) {
          deps.onFirstResponse?.((now - Number(application.createdAt)) / 1000);
        }
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
          [noteInsert(db, { applicationId: id, authorEmail: member.email, body, now })],
          auditLine(member, id, "note", "", now),
        );
        return { ok: true, done: "note", message: copy.note };
      }
      case "spam": {
        await applyWith(spamStatements(db, id, now), auditLine(member, id, "spam", "", now));
        return { ok: true, done: "spam", message: copy.spam };
      }
      case "not-spam": {
        // Genuine after all: the promise's jobs from its due time, and an owner if it has none.
        const dueAt = Number(application.dueAt ?? application.createdAt);
        const scheduled = (deps.scheduledKinds ?? []).map(({ kind, fromDueMs }) => ({
          kind,
          at: dueAt + fromDueMs,
        }));
        const owner = application.ownerId ? [] : await nextOwnerStatements(db, id, now);
        // The first marks it genuine; the others make its deliveries pending.
        const [genuine, ...deliveries] = notSpamStatements(
          database,
          id,
          deps.deliveryKinds,
          now,
          scheduled,
        );
        const results = await runNamed(transaction, {
          genuine,
          deliveries,
          owner,
          audit: auditLine(member, id, "not-spam", "", now),
        });
        const toSend = results.deliveries.reduce((sum, result) => sum + result.affected, 0);
        if (toSend > 0) deps.nudgeWorker();
        return { ok: true, done: "notSpam", message: copy.notSpam };
      }
      case "assign":
      case "take": {
        const ownerId = action.type === "take" ? member.id : action.ownerId;
        const owner = ownerId ? await findMemberById(database, ownerId) : undefined;
        if (ownerId && !owner) return { ok: false, error: "invalid", message: copy.invalidOwner };
        // Compare and set: only while the owner is still the one the member saw (the form's
        // `seen`; without it, the one read above). The line is written with the change only.
        const seen = action.seen === undefined ? application.ownerId : action.seen || null;
        const target = owner?.id ?? null;
        const line = { applicationId: id, memberEmail: member.email, now };
        const results = await runNamed(transaction, {
          audit:
            seen === target
              ? undefined
              : ownerChangeAuditLine(
                  database,
                  { ...line, action: "assign", detail: owner?.email ?? "" },
                  seen,
                ),
          owner: ownerUpdate(db, id, target, seen),
        });
        if (results.owner.affected === 0) return ownerChanged(id);
        return action.type === "take"
          ? { ok: true, done: "take", message: copy.take }
          : { ok: true, done: "assign", message: owner ? copy.assign : copy.unassign };
      }
      case "retry": {
        const failed = await failedDeliveryCount(db, id);
        if (failed === 0) return { ok: true, done: "nothingToRetry", message: copy.nothingToRetry };
        await applyWith(
          [retryFailedStatement(db, id, now)],
          auditLine(member, id, "retry", String(failed), now),
        );
        deps.nudgeWorker();
        return { ok: true, done: "retry", message: copy.retry };
      }
      case "reply": {
        const reply = normalizeReply(action);
        const problem = replyProblem(reply);
        if (problem) return { ok: false, error: "invalid", message: problem.message };
        // The draft's idempotency key: a reply already sent with it is not sent again.
        const key = action.key ?? null;
        if (key !== null && !replyKeyPattern.test(key)) {
          return { ok: false, error: "invalid", message: replyCopy.staleForm };
        }
        const before = key === null ? undefined : await repeatedReply(id, key, reply);
        if (before) return before;
        // Written on a page that did not show the thread's newest message: someone replied or
        // the applicant wrote meanwhile. Nothing is sent; the member reads it, then sends anyway.
        if (action.seen !== undefined) {
          const unseen = await threadMessageSince(db, id, parseMessageCursor(action.seen) ?? null);
          if (unseen) {
            const message = staleReplyMessage(
              { ...unseen, createdAt: Number(unseen.createdAt) },
              now,
            );
            return { ok: false, error: "stale", message };
          }
        }
        const messageRowId = randomUUID();
        const deliveryId = randomUUID();
        // Ours answers theirs: the latest message of theirs, when there is one.
        const inReplyTo = (await lastInboundMessageId(db, id)) ?? null;
        const answers = firstResponseStatements(db, id, now, { fromNewToContacted: true });
        const sent = runNamed(transaction, {
          message: messageInsert(db, {
            id: messageRowId,
            submissionId: id,
            direction: "out",
            messageId: taggedMessageId(
              deps.messageIdSecret,
              messageRowId,
              "reply",
              mailDomain(deps.mailFrom),
            ),
            inReplyTo,
            // The team's address (never a no-reply one): the applicant may write to it.
            fromAddress: deps.replyFrom,
            fromName: member.name,
            toAddress: application.email,
            subject: reply.subject,
            body: reply.body,
            visible: reply.body,
            rawFile: null,
            auth: null,
            memberEmail: member.email,
            deliveryId,
            replyKey: key,
            createdAt: now,
          }),
          delivery: onDemandDeliveryInsert(db, {
            id: deliveryId,
            applicationId: id,
            kind: deps.replyKind,
            now,
          }),
          answers, // the first sets its first response, if it had none
          read: newReplyUpdate(db, id, false),
          audit: auditLine(member, id, "reply", "", now),
        });
        // The same draft at the same moment (two clicks, two tabs): the unique key lets one
        // transaction in; the other is undone whole and answers as a repeat.
        const results = await sent.catch(async (error: unknown) => {
          const again = key !== null && isUniqueViolation(error);
          const repeat = again ? await repeatedReply(id, key, reply) : undefined;
          if (repeat) return repeat;
          throw error;
        });
        if (!("answers" in results)) return results;
        deps.nudgeWorker();
        if ((results.answers[0]?.affected ?? 0) > 0) {
          deps.onFirstResponse?.((now - Number(application.createdAt)) / 1000);
        }
        return { ok: true, done: "reply", message: copy.reply };
      }
      case "read": {
        await applyWith([newReplyUpdate(db, id, false)], auditLine(member, id, "read", "", now));
        return { ok: true, done: "read", message: copy.read };
      }
      case "confirm-sender":
      case "unmatch": {
        // A reply that carried the proof but came from another address (decision 0063): the
        // applicant's after all (a new reply), or not (to Unmatched). Only once either way.
        const messageId = uuidPattern.test(action.messageId)
          ? action.messageId.toLowerCase()
          : undefined;
        if (!messageId || !(await flaggedSenderMessage(db, id, messageId))) {
          return { ok: false, error: "invalid", message: copy.senderGone };
        }
        const confirm = action.type === "confirm-sender";
        const { changed } = await runNamed(transaction, {
          changed: confirm
            ? senderConfirmUpdate(db, id, messageId)
            : toUnmatchedUpdate(db, id, messageId),
          newReply: confirm ? newReplyUpdate(db, id, true) : undefined,
          audit: auditLine(
            member,
            id,
            confirm ? "confirm-sender" : "unmatch-reply",
            messageId,
            now,
          ),
        });
        // Confirmed or moved by another member in the meantime.
        if (changed.affected === 0) {
          return { ok: false, error: "invalid", message: copy.senderGone };
        }
        return confirm
          ? { ok: true, done: "confirmSender", message: copy.confirmSender }
          : { ok: true, done: "toUnmatched", message: copy.toUnmatched };
      }
      case "erase": {
        // Every application of the address, its threads, unmatched mail and files, the audit
        // line in the same transaction.
        const erased = await deps.erase(application.email, [
          auditLine(member, id, "erase", "", now),
        ]);
        // In the client portal (decision 0088): nothing erased, and the page says what first.
        if (erased.hold) {
          const said = erased.hold.why === "client" ? copy.eraseClientFirst : copy.erasePersonFirst;
          return {
            ok: false,
            error: "conflict",
            message: fill(said, { client: erased.hold.clientName }),
          };
        }
        await deps.afterErase();
        return { ok: true, done: "erase", message: copy.erase };
      }
    }
  }

  return { run };
}
