import { expressionBuilder, type Kysely, sql } from "kysely";
import type { Database, MessageAttachment, NewApplicationMessage } from "./schema.ts";

type Db = Kysely<Database>;

/**
 * The messages of applications' threads (0010_conversation): ours and theirs, and those of
 * theirs that matched no application (application null: the Unmatched list). Knows no callers.
 */

/** The statement that stores one message (run it with the rest of what it belongs to). */
export const messageInsert = (db: Db, message: NewApplicationMessage) =>
  db.insertInto("applicationMessages").values(message);

/** The statements that store one attachment's row (its file is written before). */
export const attachmentInsert = (db: Db, attachment: MessageAttachment) =>
  db.insertInto("messageAttachments").values(attachment);

/** A place in a list of messages: the (created_at, id) of the last one shown. */
export type MessageCursor = { createdAt: number; id: string };

/**
 * What a page shows of a message, at most: its text and its quoted history `shownChars` each,
 * the subject, names and addresses cut to a line, `shownAttachments` attachments. Whatever a
 * thread holds, a page of `threadPageSize` messages stays within these (decision 0064).
 */
export const messageBounds = {
  threadPageSize: 20,
  unmatchedPageSize: 20,
  shownChars: 4000,
  subjectChars: 300,
  nameChars: 200,
  addressChars: 320,
  shownAttachments: 20,
  filenameChars: 200,
} as const;

/** A message as a page shows it: its long texts cut to `messageBounds` (`cut` says so). */
export type ShownMessage = Awaited<ReturnType<typeof shownMessages>>[number];

/**
 * The newest `limit` messages of an application's thread before `before` (the newest when
 * none), returned oldest first, and the cursor of the earlier ones when there are any.
 */
export async function threadPage(
  db: Db,
  applicationId: string,
  options: { before?: MessageCursor; limit?: number } = {},
) {
  return newestPage(db, (query) => query.where("submissionId", "=", applicationId), options, true);
}

/**
 * A page of the messages that matched no application, newest first, after `before` (the
 * previous page's last), and the cursor of the next (older) page when there is one.
 */
export async function unmatchedPage(
  db: Db,
  options: { before?: MessageCursor; limit?: number } = {},
) {
  return newestPage(
    db,
    (query) => query.where("submissionId", "is", null).where("direction", "=", "in"),
    { limit: messageBounds.unmatchedPageSize, ...options },
    false,
  );
}

/** One message that matched no application, as a page shows it; undefined when it is not one. */
export async function unmatchedShown(db: Db, id: string) {
  const [row] = await shownMessages(
    db,
    await messagesQuery(db)
      .select(["id"])
      .where("id", "=", id)
      .where("submissionId", "is", null)
      .where("direction", "=", "in")
      .execute(),
  );
  return row;
}

type MessageQuery = ReturnType<typeof messagesQuery>;
const messagesQuery = (db: Db) => db.selectFrom("applicationMessages");

/** Keyset, newest first: `limit` rows before the cursor, one more to know if others follow. */
async function newestPage(
  db: Db,
  where: (query: MessageQuery) => MessageQuery,
  options: { before?: MessageCursor; limit?: number },
  oldestFirst: boolean,
) {
  const limit = Math.max(1, Math.min(options.limit ?? messageBounds.threadPageSize, 100));
  let query = where(messagesQuery(db));
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(createdAt, id)));
  }
  const rows = await shownMessages(
    db,
    await query
      .select(["id"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute(),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : undefined;
  return { messages: oldestFirst ? page.reverse() : page, more };
}

/** A text column cut to `chars` + 1 characters (one more: to know it was longer). */
const cutColumn = (
  column: "body" | "visible" | "subject" | "fromName" | "fromAddress" | "toAddress",
  chars: number,
) =>
  expressionBuilder<Database, "applicationMessages">()
    .fn<string>("substr", [sql.ref(column), sql.lit(1), sql.lit(chars + 1)])
    .as(column);

const cut = (text: string, chars: number) => (text.length > chars ? text.slice(0, chars) : text);

/** The messages of `ids` (in that order) as pages show them, their long texts cut. */
async function shownMessages(db: Db, ids: readonly { id: string }[]) {
  if (ids.length === 0) return [];
  const bounds = messageBounds;
  const rows = await db
    .selectFrom("applicationMessages")
    .select([
      "id",
      "submissionId",
      "direction",
      "messageId",
      "rawFile",
      "auth",
      "memberEmail",
      "deliveryId",
      "flag",
      "createdAt",
      cutColumn("body", bounds.shownChars),
      cutColumn("visible", bounds.shownChars),
      cutColumn("subject", bounds.subjectChars),
      cutColumn("fromName", bounds.nameChars),
      cutColumn("fromAddress", bounds.addressChars),
      cutColumn("toAddress", bounds.addressChars),
    ])
    .where(
      "id",
      "in",
      ids.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const attachments = await shownAttachments(
    db,
    ids.map((row) => row.id),
  );
  return ids.flatMap(({ id }) => {
    const row = byId.get(id);
    if (!row) return [];
    const listed = attachments.get(id) ?? [];
    return [
      {
        ...row,
        createdAt: Number(row.createdAt),
        body: cut(row.body, bounds.shownChars),
        visible: cut(row.visible, bounds.shownChars),
        subject: cut(row.subject, bounds.subjectChars),
        fromName: cut(row.fromName, bounds.nameChars),
        fromAddress: cut(row.fromAddress, bounds.addressChars),
        toAddress: cut(row.toAddress, bounds.addressChars),
        /** Its text or its quoted history is longer than shown: the whole is in its raw file. */
        cut: row.body.length > bounds.shownChars || row.visible.length > bounds.shownChars,
        attachments: listed.map(({ total, n, ...attachment }) => attachment),
        /** Attachments not listed (beyond `shownAttachments`). */
        moreAttachments: Math.max(0, Number(listed[0]?.total ?? 0) - listed.length),
      },
    ];
  });
}

/** The first `shownAttachments` attachments of each message (by name), and how many it has. */
async function shownAttachments(db: Db, messageIds: readonly string[]) {
  const bounds = messageBounds;
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("messageAttachments")
        .select((inner) => [
          "id",
          "messageId",
          inner
            .fn<string>("substr", [sql.ref("filename"), sql.lit(1), sql.lit(bounds.filenameChars)])
            .as("filename"),
          inner
            .fn<string>("substr", [sql.ref("contentType"), sql.lit(1), sql.lit(100)])
            .as("contentType"),
          "size",
          inner.fn
            .agg<number>("row_number")
            .over((over) => over.partitionBy("messageId").orderBy("filename").orderBy("id"))
            .as("n"),
          inner.fn
            .countAll<number>()
            .over((over) => over.partitionBy("messageId"))
            .as("total"),
        ])
        .where("messageId", "in", messageIds)
        .as("listed"),
    )
    .selectAll()
    .where("n", "<=", bounds.shownAttachments)
    .orderBy("messageId")
    .orderBy("n")
    .execute();
  const byMessage = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ ...row, size: Number(row.size) });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** How many messages an application's thread holds (ours and theirs). */
export async function threadCount(db: Db, applicationId: string): Promise<number> {
  const row = await db
    .selectFrom("applicationMessages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("submissionId", "=", applicationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many messages matched no application: the one count every page shows. */
export async function unmatchedCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("applicationMessages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("submissionId", "is", null)
    .where("direction", "=", "in")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One message of a thread whole, as the export and the CLI write it. */
export interface WholeMessage {
  id: string;
  applicationId: string;
  direction: "out" | "in";
  createdAt: number;
  fromAddress: string;
  fromName: string;
  toAddress: string;
  subject: string;
  body: string;
  /** Its attachments' names and sizes (the files stay where they are). */
  attachments: { filename: string; size: number }[];
}

/**
 * Every message of some applications, whole, in the order of the applications (by
 * created_at, id, as the export reads them) then of each thread, read a bounded amount at a
 * time: `rows` messages' sizes per query, then their texts in groups of at most `chars`
 * bytes (one message alone when it is larger). A thread of 2,100 messages of 256 KB is
 * never in memory at once, nor in one string.
 */
export async function* wholeMessagesOf(
  db: Db,
  applicationIds: readonly string[],
  options: { rows?: number; chars?: number } = {},
): AsyncGenerator<WholeMessage> {
  if (applicationIds.length === 0) return;
  const rows = options.rows ?? 500;
  const chars = options.chars ?? 8_000_000;
  let after: [number, string, number, string] | undefined;
  for (;;) {
    let query = db
      .selectFrom("applicationMessages as m")
      .innerJoin("submissions as s", "s.id", "m.submissionId")
      .select([
        "m.id as id",
        "s.id as submissionId",
        "s.createdAt as submittedAt",
        "m.createdAt as createdAt",
        // Bytes, not characters: read from the row's header (SQLite) or the TOAST pointer
        // (PostgreSQL), without reading, or decompressing, the texts themselves.
        sql<number>`octet_length(m.body) + octet_length(m.subject) + octet_length(m.from_name) + octet_length(m.from_address) + octet_length(m.to_address)`.as(
          "size",
        ),
      ])
      .where("m.submissionId", "in", applicationIds);
    if (after) {
      const [submittedAt, applicationId, createdAt, id] = after;
      query = query.where((eb) =>
        eb(
          eb.refTuple("s.createdAt", "s.id", "m.createdAt", "m.id"),
          ">",
          eb.tuple(submittedAt, applicationId, createdAt, id),
        ),
      );
    }
    const sizes = await query
      .orderBy("s.createdAt")
      .orderBy("s.id")
      .orderBy("m.createdAt")
      .orderBy("m.id")
      .limit(rows)
      .execute();
    for (const group of groupsWithin(sizes, chars)) {
      const whole = await db
        .selectFrom("applicationMessages")
        .select([
          "id",
          "direction",
          "createdAt",
          "fromAddress",
          "fromName",
          "toAddress",
          "subject",
          "body",
        ])
        .where(
          "id",
          "in",
          group.map((row) => row.id),
        )
        .execute();
      const byId = new Map(whole.map((row) => [row.id, row]));
      const attached = await db
        .selectFrom("messageAttachments")
        .select(["messageId", "filename", "size"])
        .where(
          "messageId",
          "in",
          group.map((row) => row.id),
        )
        .orderBy("filename")
        .execute();
      for (const { id, submissionId: applicationId } of group) {
        const message = byId.get(id);
        if (!message) continue; // erased meanwhile
        const attachments = attached
          .filter((attachment) => attachment.messageId === id)
          .map(({ filename, size }) => ({ filename, size: Number(size) }));
        yield { ...message, applicationId, createdAt: Number(message.createdAt), attachments };
      }
    }
    const last = sizes.at(-1);
    if (!last || sizes.length < rows) return;
    after = [Number(last.submittedAt), last.submissionId, Number(last.createdAt), last.id];
  }
}

/** Consecutive groups whose sizes add up to at most `chars` (a larger one alone). */
function groupsWithin<T extends { size: number | string | null }>(items: T[], chars: number) {
  const groups: T[][] = [];
  let group: T[] = [];
  let total = 0;
  for (const item of items) {
    const size = Number(item.size ?? 0);
    if (group.length > 0 && total + size > chars) {
      groups.push(group);
      group = [];
      total = 0;
    }
    group.push(item);
    total += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The message an outbox delivery sends (a reply of ours). */
export function messageOfDelivery(db: Db, deliveryId: string) {
  return db
    .selectFrom("applicationMessages")
    .selectAll()
    .where("deliveryId", "=", deliveryId)
    .executeTakeFirst();
}

/** The reply of ours sent on an application from the draft of idempotency key `key`, if any. */
export function replyOfKey(db: Db, applicationId: string, key: string) {
  return db
    .selectFrom("applicationMessages")
    .select(["id", "subject", "body"])
    .where("submissionId", "=", applicationId)
    .where("replyKey", "=", key)
    .executeTakeFirst();
}

/** The Message-ID of an application's latest message of theirs (a reply answers it), if any. */
export async function lastInboundMessageId(
  db: Db,
  applicationId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("applicationMessages")
    .select("messageId")
    .where("submissionId", "=", applicationId)
    .where("direction", "=", "in")
    .where("messageId", "is not", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.messageId ?? undefined;
}

/**
 * The newest message of an application's thread after `after` (the (created_at, id) of the
 * newest one a page showed; none: any), ours or theirs: what a reply written on that page has
 * not seen. Undefined when nothing came or went since.
 */
export function threadMessageSince(db: Db, applicationId: string, after: MessageCursor | null) {
  let query = db
    .selectFrom("applicationMessages")
    .select(["id", "direction", "fromName", "fromAddress", "memberEmail", "flag", "createdAt"])
    .where("submissionId", "=", applicationId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("createdAt", "id"), ">", eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
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

/**
 * The files (raw messages, attachments) of an address's applications and of the unmatched
 * messages `unmatchedIds`, for erasing them.
 */
export async function filesOfApplicant(
  db: Db,
  applicationIds: readonly string[],
  unmatchedIds: readonly string[] = [],
) {
  const files: string[] = [];
  for (const [column, ids] of [
    ["submissionId", applicationIds],
    ["id", unmatchedIds],
  ] as const) {
    for (let start = 0; start < ids.length; start += 500) {
      const some = ids.slice(start, start + 500);
      const raw = await db
        .selectFrom("applicationMessages")
        .select("rawFile as file")
        .where(column, "in", some)
        .where("rawFile", "is not", null)
        .execute();
      const attached = await db
        .selectFrom("messageAttachments")
        .innerJoin("applicationMessages", "applicationMessages.id", "messageAttachments.messageId")
        .select("messageAttachments.file as file")
        .where(`applicationMessages.${column}`, "in", some)
        .execute();
      for (const row of [...raw, ...attached]) if (row.file) files.push(row.file);
    }
  }
  return files;
}

/** The addresses named in a stored From or To ("a@x, Name <b@y>"), lower-cased. */
const addressesIn = (line: string) =>
  line
    .toLowerCase()
    .split(/[\s,;<>"]+/)
    .filter((part) => part.includes("@"));

/**
 * The ids of the messages that matched no application and came from or went to `address`
 * (any case): an applicant's own mail that found no thread, erased with them.
 */
export async function unmatchedOfAddress(db: Db, address: string): Promise<string[]> {
  const wanted = address.trim().toLowerCase();
  if (!wanted) return [];
  // LIKE narrows (its wildcards in the address escaped); the addresses are then compared whole.
  const pattern = `%${wanted.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const like = (column: "from_address" | "to_address") =>
    sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const rows = await db
    .selectFrom("applicationMessages")
    .select(["id", "fromAddress", "toAddress"])
    .where("submissionId", "is", null)
    .where((eb) => eb.or([like("from_address"), like("to_address")]))
    .execute();
  return rows
    .filter((row) =>
      [...addressesIn(row.fromAddress), ...addressesIn(row.toAddress)].includes(wanted),
    )
    .map((row) => row.id);
}

/** Gives an unmatched message to an application (a member attached it). */
export const attachToApplication = (db: Db, messageId: string, applicationId: string) =>
  db
    .updateTable("applicationMessages")
    .set({ submissionId: applicationId })
    .where("id", "=", messageId)
    .where("submissionId", "is", null);

/** Deletes an unmatched message (its attachments' rows go with it). */
export const unmatchedDelete = (db: Db, messageId: string) =>
  db
    .deleteFrom("applicationMessages")
    .where("id", "=", messageId)
    .where("submissionId", "is", null);

/** Marks whether an application has a reply nobody has answered or read. */
export const newReplyUpdate = (db: Db, applicationId: string, value: boolean) =>
  db
    .updateTable("submissions")
    .set({ newReply: value ? 1 : 0 })
    .where("id", "=", applicationId);
