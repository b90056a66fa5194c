import type { Kysely } from "kysely";
import type {
  ApplicationMessage,
  Database,
  MessageAttachment,
  NewApplicationMessage,
} from "./schema.ts";

type Db = Kysely<Database>;

/**
 * The messages of applications' threads (0010_conversation): ours and theirs, and those of
 * theirs that matched no application (submission null: the Unmatched list). Knows no callers.
 */

/** The statement that stores one message (run it with the rest of what it belongs to). */
export const messageInsert = (db: Db, message: NewApplicationMessage) =>
  db.insertInto("applicationMessages").values(message);

/** The statements that store one attachment's row (its file is written before). */
export const attachmentInsert = (db: Db, attachment: MessageAttachment) =>
  db.insertInto("messageAttachments").values(attachment);

/** An application's thread, oldest first, each message with its attachments. */
export async function threadOf(db: Db, submissionId: string) {
  const messages = await db
    .selectFrom("applicationMessages")
    .selectAll()
    .where("submissionId", "=", submissionId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return withAttachments(db, messages);
}

/** Messages that matched no application, newest first. */
export async function unmatchedMessages(db: Db, limit = 100) {
  const messages = await db
    .selectFrom("applicationMessages")
    .selectAll()
    .where("submissionId", "is", null)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
  return withAttachments(db, messages);
}

export async function unmatchedCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("applicationMessages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("submissionId", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function withAttachments(db: Db, messages: ApplicationMessage[]) {
  const ids = messages.map((message) => message.id);
  const attachments =
    ids.length === 0
      ? []
      : await db
          .selectFrom("messageAttachments")
          .selectAll()
          .where("messageId", "in", ids)
          .orderBy("filename")
          .execute();
  return messages.map((message) => ({
    ...message,
    createdAt: Number(message.createdAt),
    attachments: attachments
      .filter((attachment) => attachment.messageId === message.id)
      .map((attachment) => ({ ...attachment, size: Number(attachment.size) })),
  }));
}

/** The message an outbox delivery sends (a reply of ours). */
export function messageOfDelivery(db: Db, deliveryId: string) {
  return db
    .selectFrom("applicationMessages")
    .selectAll()
    .where("deliveryId", "=", deliveryId)
    .executeTakeFirst();
}

/** The Message-ID of an application's latest message of theirs (a reply answers it), if any. */
export async function lastInboundMessageId(
  db: Db,
  submissionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("applicationMessages")
    .select("messageId")
    .where("submissionId", "=", submissionId)
    .where("direction", "=", "in")
    .where("messageId", "is not", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.messageId ?? undefined;
}

/** One message, by id. */
export function messageById(db: Db, id: string) {
  return db.selectFrom("applicationMessages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One attachment, by id, with the application its message belongs to (null: unmatched). */
export function attachmentById(db: Db, id: string) {
  return db
    .selectFrom("messageAttachments")
    .innerJoin("applicationMessages", "applicationMessages.id", "messageAttachments.messageId")
    .selectAll("messageAttachments")
    .select("applicationMessages.submissionId")
    .where("messageAttachments.id", "=", id)
    .executeTakeFirst();
}

/** The files (raw messages, attachments) of an address's applications, for erasing them. */
export async function filesOfApplicant(db: Db, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  const raw = await db
    .selectFrom("applicationMessages")
    .select("rawFile as file")
    .where("submissionId", "in", submissionIds)
    .where("rawFile", "is not", null)
    .execute();
  const attached = await db
    .selectFrom("messageAttachments")
    .innerJoin("applicationMessages", "applicationMessages.id", "messageAttachments.messageId")
    .select("messageAttachments.file as file")
    .where("applicationMessages.submissionId", "in", submissionIds)
    .execute();
  return [...raw, ...attached].map((row) => row.file).filter((file): file is string => !!file);
}

/** Gives an unmatched message to an application (a member attached it). */
export const attachToApplication = (db: Db, messageId: string, submissionId: string) =>
  db
    .updateTable("applicationMessages")
    .set({ submissionId })
    .where("id", "=", messageId)
    .where("submissionId", "is", null);

/** Deletes an unmatched message (its attachments' rows go with it). */
export const unmatchedDelete = (db: Db, messageId: string) =>
  db
    .deleteFrom("applicationMessages")
    .where("id", "=", messageId)
    .where("submissionId", "is", null);

/** Marks whether an application has a reply nobody has answered or read. */
export const newReplyUpdate = (db: Db, submissionId: string, value: boolean) =>
  db
    .updateTable("submissions")
    .set({ newReply: value ? 1 : 0 })
    .where("id", "=", submissionId);
