import type { ApplicationView } from "#app/shared/application-port.ts";
import { applicationSource } from "#app/shared/application-source.ts";
import { statusSchema } from "#app/shared/inbox-query.ts";
import { labelledAnswers } from "../answers/labelled-answers.ts";
import { findApplication } from "../db/applications/reads.ts";
import { auditOf } from "../db/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { memberChoices } from "../db/members.ts";
import { threadCount, threadMessageSince, threadPage } from "../db/messages.ts";
import { notesOf } from "../db/notes.ts";
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
  const found = await findApplication(handle, id);
  if (!found) return undefined;
  const { application, deliveries } = found;
  const before = parseMessageCursor(thread.before);
  const [notes, audit, members, page, threadTotal, newest] = await Promise.all([
    notesOf(handle.db, id),
    auditOf(handle.db, id),
    memberChoices(handle),
    threadPage(handle.db, id, { before }),
    threadCount(handle.db, id),
    threadMessageSince(handle.db, id, null),
  ]);
  const status = statusSchema.safeParse(application.status);
  return {
    id: application.id,
    createdAt: Number(application.createdAt),
    name: application.name,
    email: application.email,
    plan: application.selectedPlan,
    status: status.success ? status.data : "new",
    isSpam: application.isSpam === 1,
    dueAt: application.dueAt === null ? null : Number(application.dueAt),
    firstResponseAt:
      application.firstResponseAt === null ? null : Number(application.firstResponseAt),
    ownerId: application.ownerId,
    members,
    newReply: Number(application.newReply) === 1,
    thread: threadView(application, page.messages, deliveries, mail, !page.more),
    threadCount: threadTotal,
    threadEarlier: page.more ? messageCursorText(page.more) : undefined,
    threadLater: before !== undefined,
    latestMessage: newest
      ? messageCursorText({ createdAt: Number(newest.createdAt), id: newest.id })
      : "",
    source: applicationSource(application),
    answers: labelledAnswers(application).map(({ label, value }) => ({ label, value })),
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      kind: delivery.kind,
      status: delivery.status,
      attempts: delivery.attempts,
      createdAt: Number(delivery.createdAt),
      updatedAt: Number(delivery.updatedAt),
      nextAttemptAt: Number(delivery.nextAttemptAt),
      lastError: delivery.lastError,
      errorClass: delivery.errorClass ?? null,
      skipReason: delivery.skipReason,
    })),
    notes,
    audit,
  };
}
