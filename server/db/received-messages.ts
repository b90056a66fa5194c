import {
  type AliasableExpression,
  type Compilable,
  type Expression,
  expressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from "kysely";
import { deliveryForApplication } from "./deliveries/insert-for-application.ts";
import type { Dialect } from "./dialect.ts";
import type { Database, MessageFlag } from "./schema.ts";

type Db = Kysely<Database>;
type Handle = { db: Db; dialect: Dialect };

/** A message that came in, as it is stored (its files are written before). */
export interface ReceivedMessage {
  id: string;
  /** Null: it matched no application (the Unmatched list). */
  applicationId: string | null;
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
  /** Bytes kept on disk: the raw message and the attachments (the limits' stored bytes). */
  size: number;
  /** Kept but no new reply (another sender, automatic, ours); null: the applicant's reply. */
  flag: MessageFlag | null;
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
 * replies come. A flagged message (another sender, automatic, ours) is stored and nothing
 * more: no `new_reply`, no notice (decision 0063). On PostgreSQL the transaction first locks the application's row (or, for an
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
    if (message.applicationId) {
      statements.push(
        db
          .selectFrom("submissions")
          .select("id")
          .where("id", "=", message.applicationId)
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
  if (message.applicationId && message.flag === null) {
    for (const kind of noticeKinds) {
      notices.push(
        statements.push(
          noticeIfFirst(handle, message.applicationId, message.id, kind, message.createdAt),
        ) - 1,
      );
    }
    statements.push(
      db
        .updateTable("submissions")
        .set({ newReply: 1 })
        .where("id", "=", message.applicationId)
        .where(stillThere(message.id)),
    );
  }
  return { statements, stored, notices };
}

/** Values and conditions built outside any one query (a value cast to text, for both dialects). */
const eb = expressionBuilder<Database, never>();
const text = <T extends string | null>(value: T) => eb.cast<T>(eb.val(value), "text");

/** True once the message of `id` is stored (in this transaction: by its first statement). */
function stillThere(id: string) {
  return eb.exists(
    eb.selectFrom("applicationMessages as stored").select("stored.id").where("stored.id", "=", id),
  );
}

/**
 * INSERT INTO `table` (the columns of `values`) SELECT `values` WHERE `when`: a row written only
 * while the condition holds, its column list and its values taken from one object (so the two
 * can never be out of order).
 */
function insertWhen(
  db: Db,
  table: "applicationMessages" | "messageAttachments",
  values: Record<string, AliasableExpression<unknown>>,
  when: Expression<SqlBool>,
) {
  return db
    .insertInto(table)
    .columns(Object.keys(values) as never)
    .expression(
      db
        .selectNoFrom(Object.entries(values).map(([column, value]) => value.as(column)))
        .where(when),
    );
}

/** The message's row, unless a message of that Message-ID came in for the same application. */
function messageIfNew(handle: Handle, message: ReceivedMessage) {
  const uuid = handle.dialect === "postgres" ? "uuid" : "text";
  const earlier = eb
    .selectFrom("applicationMessages as earlier")
    .select("earlier.id")
    .where("earlier.direction", "=", "in")
    .where("earlier.messageId", "=", message.messageId)
    .where(
      "earlier.submissionId",
      message.applicationId === null ? "is" : "=",
      message.applicationId,
    );
  return insertWhen(
    handle.db,
    "applicationMessages",
    {
      id: text(message.id),
      submissionId: eb.cast<string | null>(eb.val(message.applicationId), uuid),
      direction: text("in"),
      messageId: text(message.messageId),
      inReplyTo: text(message.inReplyTo),
      fromAddress: text(message.fromAddress),
      fromName: text(message.fromName),
      toAddress: text(message.toAddress),
      subject: text(message.subject),
      body: text(message.body),
      visible: text(message.visible),
      rawFile: text(message.rawFile),
      auth: text(message.auth),
      createdAt: eb.cast<number>(eb.val(message.createdAt), "bigint"),
      size: eb.cast<number>(eb.val(message.size), "bigint"),
      flag: text(message.flag),
    },
    eb.not(eb.exists(earlier)),
  );
}

function attachmentIfStored(
  handle: Handle,
  messageId: string,
  attachment: ReceivedMessage["attachments"][number],
) {
  return insertWhen(
    handle.db,
    "messageAttachments",
    {
      id: text(attachment.id),
      messageId: text(messageId),
      filename: text(attachment.filename),
      contentType: text(attachment.contentType),
      size: eb.cast<number>(eb.val(attachment.size), "integer"),
      file: text(attachment.file),
    },
    stillThere(messageId),
  );
}

/** A notice of `kind`, when the message is stored and the application had no unread reply. */
function noticeIfFirst(
  handle: Handle,
  applicationId: string,
  messageId: string,
  kind: string,
  now: number,
) {
  return deliveryForApplication(handle, { applicationId, kind, now }, (eb) =>
    eb.and([
      eb("submissions.newReply", "=", 0),
      eb("submissions.isSpam", "=", 0),
      stillThere(messageId),
    ]),
  );
}

/** Whether an application is there (not erased): a reply to an erased one is unmatched. */
export async function applicationExists(db: Db, id: string): Promise<boolean> {
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
