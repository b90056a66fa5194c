import {
  type Compilable,
  type ExpressionBuilder,
  expressionBuilder,
  type Kysely,
  sql,
} from "kysely";
import type { Dialect } from "./database.ts";
import { deliveryForApplication } from "./deliveries/insert-for-application.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database>;
type Handle = { db: Db; dialect: Dialect };

/** A message that came in, as it is stored (its files are written before). */
export interface ReceivedMessage {
  id: string;
  /** Null: it matched no application (the Unmatched list). */
  submissionId: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  fromAddress: string;
  fromName: string;
  toAddress: string;
  subject: string;
  body: string;
  visible: string;
  rawFile: string;
  auth: string;
  createdAt: number;
  attachments: {
    id: string;
    filename: string;
    contentType: string;
    size: number;
    file: string;
  }[];
}

/**
 * The statements that store a message that came in, to run in ONE transaction, and where to
 * read what they did: `stored` (the message's insert: 0 rows when the same Message-ID is
 * already stored for that application, or among the unmatched: a provider's retry) and
 * `notices` (the notice deliveries made). A matched message sets the application's
 * `new_reply`, and when it had none (nobody has a reply to read yet, not spam) makes one
 * delivery of each of `noticeKinds`: one notice until a member reads or answers, however many
 * replies come. On PostgreSQL the transaction first locks the application's row (or, for an
 * unmatched message, its Message-ID), so that two instances storing replies at once agree on
 * what is new; SQLite's writes are serial already.
 */
export function receivedMessageStatements(
  handle: Handle,
  message: ReceivedMessage,
  noticeKinds: readonly string[],
): { statements: Compilable[]; stored: number; notices: number[] } {
  const { db, dialect } = handle;
  const statements: Compilable[] = [];
  if (dialect === "postgres") {
    if (message.submissionId) {
      statements.push(
        db
          .selectFrom("submissions")
          .select("id")
          .where("id", "=", message.submissionId)
          .forUpdate(),
      );
    } else if (message.messageId) {
      statements.push(
        db.selectNoFrom(
          sql<string>`pg_advisory_xact_lock(hashtextextended(${`inbound:${message.messageId}`}, 0))`.as(
            "locked",
          ),
        ),
      );
    }
  }
  const stored = statements.push(messageIfNew(handle, message)) - 1;
  for (const attachment of message.attachments) {
    statements.push(attachmentIfStored(handle, message.id, attachment));
  }
  const notices: number[] = [];
  if (message.submissionId) {
    for (const kind of noticeKinds) {
      notices.push(
        statements.push(
          noticeIfFirst(handle, message.submissionId, message.id, kind, message.createdAt),
        ) - 1,
      );
    }
    statements.push(
      db
        .updateTable("submissions")
        .set({ newReply: 1 })
        .where("id", "=", message.submissionId)
        .where(stillThere(message.id)),
    );
  }
  return { statements, stored, notices };
}

/** True once the message of `id` is stored (in this transaction: by its first statement). */
function stillThere(id: string) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb.selectFrom("applicationMessages as stored").select("stored.id").where("stored.id", "=", id),
  );
}

const text = <TB extends keyof Database, T extends string | null>(
  eb: ExpressionBuilder<Database, TB>,
  value: T,
) => eb.cast<T>(eb.val(value), "text");

/** The message's row, unless a message of that Message-ID came in for the same application. */
function messageIfNew(handle: Handle, message: ReceivedMessage) {
  const { db, dialect } = handle;
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return db
    .insertInto("applicationMessages")
    .columns([
      "id",
      "submissionId",
      "direction",
      "messageId",
      "inReplyTo",
      "fromAddress",
      "fromName",
      "toAddress",
      "subject",
      "body",
      "visible",
      "rawFile",
      "auth",
      "createdAt",
    ])
    .expression(
      db
        .selectNoFrom((eb) => [
          text(eb, message.id).as("id"),
          eb.cast<string | null>(eb.val(message.submissionId), uuid).as("submissionId"),
          text(eb, "in").as("direction"),
          text(eb, message.messageId).as("messageId"),
          text(eb, message.inReplyTo).as("inReplyTo"),
          text(eb, message.fromAddress).as("fromAddress"),
          text(eb, message.fromName).as("fromName"),
          text(eb, message.toAddress).as("toAddress"),
          text(eb, message.subject).as("subject"),
          text(eb, message.body).as("body"),
          text(eb, message.visible).as("visible"),
          text(eb, message.rawFile).as("rawFile"),
          text(eb, message.auth).as("auth"),
          eb.cast<number>(eb.val(message.createdAt), "bigint").as("createdAt"),
        ])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("applicationMessages as earlier")
                .select("earlier.id")
                .where("earlier.direction", "=", "in")
                .where("earlier.messageId", "=", message.messageId)
                .where(
                  "earlier.submissionId",
                  message.submissionId === null ? "is" : "=",
                  message.submissionId,
                ),
            ),
          ),
        ),
    );
}

function attachmentIfStored(
  handle: Handle,
  messageId: string,
  attachment: ReceivedMessage["attachments"][number],
) {
  const { db } = handle;
  return db
    .insertInto("messageAttachments")
    .columns(["id", "messageId", "filename", "contentType", "size", "file"])
    .expression(
      db
        .selectNoFrom((eb) => [
          text(eb, attachment.id).as("id"),
          text(eb, messageId).as("messageId"),
          text(eb, attachment.filename).as("filename"),
          text(eb, attachment.contentType).as("contentType"),
          eb.cast<number>(eb.val(attachment.size), "integer").as("size"),
          text(eb, attachment.file).as("file"),
        ])
        .where(stillThere(messageId)),
    );
}

/** A notice of `kind`, when the message is stored and the application had no unread reply. */
function noticeIfFirst(
  handle: Handle,
  submissionId: string,
  messageId: string,
  kind: string,
  now: number,
) {
  return deliveryForApplication(handle, { submissionId, kind, now }, (eb) =>
    eb.and([
      eb("submissions.newReply", "=", 0),
      eb("submissions.isSpam", "=", 0),
      stillThere(messageId),
    ]),
  );
}

/** Whether an application is there (not erased): a reply to an erased one is unmatched. */
export async function submissionExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("submissions")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these message ids are stored (for sweeping files left without their row). */
export async function storedMessageIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom("applicationMessages")
      .select("id")
      .where("id", "in", ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** Deletes the unmatched messages that came in before `cutoff` (retention); how many. */
export const unmatchedPurge = (db: Db, cutoff: number) =>
  db
    .deleteFrom("applicationMessages")
    .where("submissionId", "is", null)
    .where("direction", "=", "in")
    .where("createdAt", "<", cutoff)
    .returning("id");

/** The ids of the messages of every application of an address (their files go with them). */
export async function messageIdsOfAddress(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom("applicationMessages")
    .innerJoin("submissions", "submissions.id", "applicationMessages.submissionId")
    .select("applicationMessages.id")
    .where(sql<string>`lower(submissions.email)`, "=", email.trim().toLowerCase())
    .execute();
  return rows.map((row) => row.id);
}
