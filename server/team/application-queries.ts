import type { ApplicationView } from "#app/shared/application-port.ts";
import { applicationSource } from "#app/shared/application-source.ts";
import { statusSchema } from "#app/shared/inbox-query.ts";
import { labelledAnswers } from "../answers/labelled-answers.ts";
import { auditOf } from "../db/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { memberChoices } from "../db/members.ts";
import { threadCount, threadPage } from "../db/messages.ts";
import { notesOf } from "../db/notes.ts";
import { findSubmission } from "../db/submissions/reads.ts";
import { messageCursorText, parseMessageCursor } from "./message-cursor.ts";
import { type ThreadMail, threadView } from "./thread-view.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/**
 * One application as its page shows it: answers, a page of its thread (the newest messages,
 * or those before `thread.before`; `mail`: the addresses of the product's own emails in it),
 * deliveries, notes and audit log.
 */
export async function applicationView(
  handle: Handle,
  id: string,
  mail: ThreadMail,
  thread: { before?: string } = {},
): Promise<ApplicationView | undefined> {
  const found = await findSubmission(handle, id);
  if (!found) return undefined;
  const { submission, deliveries } = found;
  const before = parseMessageCursor(thread.before);
  const [notes, audit, members, page, threadTotal] = await Promise.all([
    notesOf(handle.db, id),
    auditOf(handle.db, id),
    memberChoices(handle),
    threadPage(handle.db, id, { before }),
    threadCount(handle.db, id),
  ]);
  const status = statusSchema.safeParse(submission.status);
  return {
    id: submission.id,
    createdAt: Number(submission.createdAt),
    name: submission.name,
    email: submission.email,
    plan: submission.selectedPlan,
    status: status.success ? status.data : "new",
    isSpam: submission.isSpam === 1,
    dueAt: submission.dueAt === null ? null : Number(submission.dueAt),
    firstResponseAt:
      submission.firstResponseAt === null ? null : Number(submission.firstResponseAt),
    ownerId: submission.ownerId,
    members,
    newReply: Number(submission.newReply) === 1,
    thread: threadView(submission, page.messages, deliveries, mail, !page.more),
    threadCount: threadTotal,
    threadEarlier: page.more ? messageCursorText(page.more) : undefined,
    threadLater: before !== undefined,
    source: applicationSource(submission),
    answers: labelledAnswers(submission).map(({ label, value }) => ({ label, value })),
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      kind: delivery.kind,
      status: delivery.status,
      attempts: delivery.attempts,
      createdAt: Number(delivery.createdAt),
      updatedAt: Number(delivery.updatedAt),
      nextAttemptAt: Number(delivery.nextAttemptAt),
      lastError: delivery.lastError,
      skipReason: delivery.skipReason,
    })),
    notes,
    audit,
  };
}
