import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import { deliveryWithClaim } from "../deliveries/insert-for-application.ts";
import { peopleOf } from "./client-people.ts";

type Handle = Pick<DatabaseHandle, "db">;
type Writer = Pick<DatabaseHandle, "db" | "dialect" | "write" | "writeTransaction">;

/**
 * Queues for notice `kind` every comment written by `side` since `since` not queued for it yet
 * (at most `limit`), of a client that still has its application (a delivery hangs on one).
 * ON CONFLICT DO NOTHING on (comment, kind): two instances queue it once. How many it queued.
 */
export async function commentNoticesQueue(
  { db, write }: Pick<DatabaseHandle, "db" | "write">,
  kind: string,
  options: { side: "team" | "client"; now: number; since: number; limit: number },
): Promise<number> {
  const rows = await write(
    db
      .insertInto("commentNotices")
      .columns(["commentId", "kind", "deliveryId", "queuedAt"])
      .expression(
        db
          .selectFrom("versionComments")
          .innerJoin("clients", "clients.id", "versionComments.clientId")
          .select([
            "versionComments.id as commentId",
            sql<string>`CAST(${kind} AS text)`.as("kind"),
            sql<null>`NULL`.as("deliveryId"),
            sql<number>`CAST(${options.now} AS bigint)`.as("queuedAt"),
          ])
          .where("versionComments.authorSide", "=", options.side)
          .where("versionComments.createdAt", ">=", options.since)
          .where("clients.applicationId", "is not", null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("commentNotices")
                  .select("commentNotices.commentId")
                  .whereRef("commentNotices.commentId", "=", "versionComments.id")
                  .where("commentNotices.kind", "=", kind),
              ),
            ),
          )
          .orderBy("versionComments.createdAt")
          .limit(options.limit),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning("commentId"),
  );
  return rows.length;
}

/** Per client and kind, the queued comments not told yet whose first has waited `windowMs`. */
export async function commentBatchesDue(
  { db }: Handle,
  options: { now: number; windowMs: number; limit: number },
): Promise<{ clientId: string; kind: string }[]> {
  const rows = await db
    .selectFrom("commentNotices")
    .innerJoin("versionComments", "versionComments.id", "commentNotices.commentId")
    .select([
      "versionComments.clientId",
      "commentNotices.kind",
      (eb) => eb.fn.min("commentNotices.queuedAt").as("first"),
    ])
    .where("commentNotices.deliveryId", "is", null)
    .groupBy(["versionComments.clientId", "commentNotices.kind"])
    .having((eb) => eb.fn.min("commentNotices.queuedAt"), "<=", options.now - options.windowMs)
    .orderBy("first")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ clientId: row.clientId, kind: row.kind }));
}

/**
 * One batch's delivery, in one transaction: the client's comments queued for `kind` and not
 * told yet are given `deliveryId` (only where still null), and the delivery is inserted on the
 * client's application only if that took any. True when it did.
 */
export async function commentBatch(
  { db, dialect, writeTransaction }: Writer,
  batch: { clientId: string; kind: string; deliveryId: string; now: number },
): Promise<boolean> {
  const { clientId, kind, deliveryId, now } = batch;
  const client = await db
    .selectFrom("clients")
    .select("applicationId")
    .where("id", "=", clientId)
    .executeTakeFirst();
  const applicationId = client?.applicationId;
  if (!applicationId) return false;
  return deliveryWithClaim(
    { db, dialect, writeTransaction },
    db
      .updateTable("commentNotices")
      .set({ deliveryId })
      .where("kind", "=", kind)
      .where("deliveryId", "is", null)
      .where("commentId", "in", (eb) =>
        eb.selectFrom("versionComments").select("id").where("clientId", "=", clientId),
      ),
    { id: deliveryId, applicationId, kind, now },
    (eb) =>
      eb.exists(
        eb.selectFrom("commentNotices").select("commentId").where("deliveryId", "=", deliveryId),
      ),
  );
}

/** One comment a notice tells of. */
export interface NoticeComment {
  requestId: string;
  requestTitle: string;
  version: number;
  authorName: string;
  frameIn: number | null;
  frameOut: number | null;
  frameRate: string | null;
  body: string;
}

/** What one comment notice tells: the client, its people, and the comments (oldest first). */
export async function commentBatchOf({ db }: Handle, deliveryId: string, limit: number) {
  const rows = await db
    .selectFrom("commentNotices")
    .innerJoin("versionComments", "versionComments.id", "commentNotices.commentId")
    .innerJoin("requestVersions", "requestVersions.id", "versionComments.versionId")
    .innerJoin("clientRequests", "clientRequests.id", "requestVersions.requestId")
    .innerJoin("clients", "clients.id", "versionComments.clientId")
    .leftJoin("uploadMedia", "uploadMedia.uploadId", "requestVersions.uploadId")
    .select([
      "clients.id as clientId",
      "clients.name as clientName",
      "clientRequests.id as requestId",
      "clientRequests.title",
      "requestVersions.number",
      "versionComments.authorName",
      "versionComments.frameIn",
      "versionComments.frameOut",
      "versionComments.body",
      "uploadMedia.frameRate",
    ])
    .where("commentNotices.deliveryId", "=", deliveryId)
    .orderBy("versionComments.createdAt")
    .orderBy("versionComments.id")
    .limit(limit)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const people = await peopleOf({ db }, first.clientId);
  return {
    clientId: first.clientId,
    clientName: first.clientName,
    emails: people.map((person) => person.email),
    comments: rows.map(
      (row): NoticeComment => ({
        requestId: row.requestId,
        requestTitle: row.title,
        version: Number(row.number),
        authorName: row.authorName,
        frameIn: row.frameIn === null ? null : Number(row.frameIn),
        frameOut: row.frameOut === null ? null : Number(row.frameOut),
        frameRate: row.frameRate ?? null,
        body: row.body,
      }),
    ),
  };
}
