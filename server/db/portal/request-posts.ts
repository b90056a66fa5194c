import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { RequestPostsTable } from "../portal-schema.ts";
import type { Database } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

/** A request's post on the posting schedule (0033_request_posts): its row as stored. */
export type PostRow = RequestPostsTable;

/** A post as the calendars and the feed read it: with its request's title and client's name. */
export interface ScheduleRow extends PostRow {
  title: string;
  clientName: string;
  /** One of the request's versions is approved by the client (0031's `decision`). */
  videoApproved: boolean;
}

const postColumns = [
  "requestPosts.id",
  "requestPosts.requestId",
  "requestPosts.clientId",
  "requestPosts.platform",
  "requestPosts.at",
  "requestPosts.timeZone",
  "requestPosts.caption",
  "requestPosts.hashtags",
  "requestPosts.revision",
  "requestPosts.updatedBy",
  "requestPosts.createdAt",
  "requestPosts.updatedAt",
  "requestPosts.approvedRevision",
  "requestPosts.approvedAt",
  "requestPosts.approvedBy",
] as const;

type RawRow = Record<keyof PostRow, unknown> & {
  title: string;
  clientName: string;
  videoApproved: unknown;
};

const numberOrNull = (value: unknown) => (value === null ? null : Number(value));
const textOrNull = (value: unknown) => (value === null ? null : String(value));

/** Numbers as numbers (PostgreSQL gives bigint as text), booleans as booleans. */
function scheduleRow(row: RawRow): ScheduleRow {
  return {
    id: String(row.id),
    requestId: String(row.requestId),
    clientId: String(row.clientId),
    platform: String(row.platform),
    at: Number(row.at),
    timeZone: String(row.timeZone),
    caption: String(row.caption),
    hashtags: String(row.hashtags),
    revision: Number(row.revision),
    updatedBy: textOrNull(row.updatedBy),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    approvedRevision: numberOrNull(row.approvedRevision),
    approvedAt: numberOrNull(row.approvedAt),
    approvedBy: textOrNull(row.approvedBy),
    title: row.title,
    clientName: row.clientName,
    videoApproved: row.videoApproved === true || Number(row.videoApproved) === 1,
  };
}

export const newPostId = (): string => randomUUID();

/** One of the post's request's versions approved by the client (0031's `decision`). */
export const videoApproved = sql<boolean>`exists (select 1 from request_versions
  where request_versions.request_id = request_posts.request_id
  and request_versions.decision = 'approved')`;

function scheduleQuery(db: Kysely<Database>) {
  return db
    .selectFrom("requestPosts")
    .innerJoin("clientRequests", "clientRequests.id", "requestPosts.requestId")
    .innerJoin("clients", "clients.id", "requestPosts.clientId")
    .select(postColumns)
    .select(["clientRequests.title as title", "clients.name as clientName"])
    .select(videoApproved.as("videoApproved"));
}

/** The post of one of a client's requests, if written (another client's request: undefined). */
export async function postOfRequest(
  { db }: Handle,
  clientId: string,
  requestId: string,
): Promise<ScheduleRow | undefined> {
  const row = await scheduleQuery(db)
    .where("requestPosts.clientId", "=", clientId)
    .where("requestPosts.requestId", "=", requestId)
    .executeTakeFirst();
  return row && scheduleRow(row as RawRow);
}

/** One of a client's posts by its id (another client's: undefined). */
export async function postOfClient(
  { db }: Handle,
  clientId: string,
  postId: string,
): Promise<ScheduleRow | undefined> {
  const row = await scheduleQuery(db)
    .where("requestPosts.clientId", "=", clientId)
    .where("requestPosts.id", "=", postId)
    .executeTakeFirst();
  return row && scheduleRow(row as RawRow);
}

/**
 * Posts planned in [from, to), of one client or (no `clientId`) of every client, by time then
 * id; at most `limit`.
 */
export async function postsBetween(
  { db }: Handle,
  range: { from: number; to: number; clientId?: string; limit: number },
): Promise<ScheduleRow[]> {
  let query = scheduleQuery(db)
    .where("requestPosts.at", ">=", range.from)
    .where("requestPosts.at", "<", range.to);
  if (range.clientId !== undefined) {
    query = query.where("requestPosts.clientId", "=", range.clientId);
  }
  const rows = await query
    .orderBy("requestPosts.at")
    .orderBy("requestPosts.id")
    .limit(range.limit)
    .execute();
  return rows.map((row) => scheduleRow(row as RawRow));
}

/**
 * A client's posts for its feed: the client approved the post's current revision, and the
 * video; latest first, at most `limit`.
 */
export async function approvedPostsOf(
  { db }: Handle,
  clientId: string,
  limit: number,
): Promise<ScheduleRow[]> {
  const rows = await scheduleQuery(db)
    .where("requestPosts.clientId", "=", clientId)
    .whereRef("requestPosts.approvedRevision", "=", "requestPosts.revision")
    .where(videoApproved)
    .orderBy("requestPosts.at", "desc")
    .orderBy("requestPosts.id")
    .limit(limit)
    .execute();
  return rows.map((row) => scheduleRow(row as RawRow));
}

/** What the team writes of a post. */
export interface PostWords {
  platform: string;
  at: number;
  timeZone: string;
  caption: string;
  hashtags: string;
}

/** A new post (revision 1); nothing when the request has one already (no row returned). */
export function postInsert(
  db: Kysely<Database>,
  row: PostWords & { id: string; requestId: string; clientId: string; by: string; now: number },
) {
  return db
    .insertInto("requestPosts")
    .values({
      id: row.id,
      requestId: row.requestId,
      clientId: row.clientId,
      platform: row.platform,
      at: row.at,
      timeZone: row.timeZone,
      caption: row.caption,
      hashtags: row.hashtags,
      revision: 1,
      updatedBy: row.by,
      createdAt: row.now,
      updatedAt: row.now,
      approvedRevision: null,
      approvedAt: null,
      approvedBy: null,
    })
    .onConflict((oc) => oc.column("requestId").doNothing())
    .returning("id");
}

/**
 * The team's change of a post: the next revision, only while it is at `revision` (else no row:
 * it changed meanwhile). The client's approval stays on the old revision: it is asked again.
 */
export function postUpdate(
  db: Kysely<Database>,
  row: PostWords & { id: string; clientId: string; revision: number; by: string; now: number },
) {
  return db
    .updateTable("requestPosts")
    .set({
      platform: row.platform,
      at: row.at,
      timeZone: row.timeZone,
      caption: row.caption,
      hashtags: row.hashtags,
      revision: row.revision + 1,
      updatedBy: row.by,
      updatedAt: row.now,
    })
    .where("id", "=", row.id)
    .where("clientId", "=", row.clientId)
    .where("revision", "=", row.revision)
    .returning("id");
}

/** The client approves revision `revision` of its post (no row: not theirs, or changed since). */
export function postApproval(
  db: Kysely<Database>,
  row: { id: string; clientId: string; revision: number; personId: string; now: number },
) {
  return db
    .updateTable("requestPosts")
    .set({ approvedRevision: row.revision, approvedAt: row.now, approvedBy: row.personId })
    .where("id", "=", row.id)
    .where("clientId", "=", row.clientId)
    .where("revision", "=", row.revision)
    .returning("id");
}

/** A client's feed row (its token's salt and hash), if made. */
export async function feedOf(
  { db }: Handle,
  clientId: string,
): Promise<{ salt: string; tokenHash: string } | undefined> {
  return db
    .selectFrom("clientFeeds")
    .select(["salt", "tokenHash"])
    .where("clientId", "=", clientId)
    .executeTakeFirst();
}

/** The client whose feed token hashes to `tokenHash`, if any. */
export async function clientOfFeed({ db }: Handle, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("clientFeeds")
    .select("clientId")
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
  return row?.clientId;
}

/** A client's feed made (`replace` false: only if it has none) or replaced (rotation). */
export function feedWrite(
  db: Kysely<Database>,
  row: { clientId: string; salt: string; tokenHash: string; now: number },
  replace: boolean,
) {
  const values = { salt: row.salt, tokenHash: row.tokenHash, createdAt: row.now };
  return db
    .insertInto("clientFeeds")
    .values({ clientId: row.clientId, ...values })
    .onConflict((oc) =>
      replace ? oc.column("clientId").doUpdateSet(values) : oc.column("clientId").doNothing(),
    );
}
