import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import { deliveryWithClaim } from "../deliveries/insert-for-application.ts";
import { applicationOfRequest } from "./client-requests.ts";

type Handle = Pick<DatabaseHandle, "db">;
type Writer = Pick<DatabaseHandle, "db" | "dialect" | "write" | "writeTransaction">;

/**
 * Queues, for notice `kind`, every finished upload not queued for it yet (at most `limit`):
 * one completed since `since`, on a request, of a client that still has its application (a
 * delivery hangs on one), and read by the job upload-media (ready or unreadable), or any when
 * this server reads nothing (`readsMedia` false). ON CONFLICT DO NOTHING on (upload, kind): two
 * instances queue it once. Returns how many it queued.
 */
export async function noticesQueue(
  { db, write }: Pick<DatabaseHandle, "db" | "write">,
  kind: string,
  options: { now: number; since: number; readsMedia: boolean; limit: number },
): Promise<number> {
  const rows = await write(
    db
      .insertInto("uploadNotices")
      .columns(["uploadId", "kind", "deliveryId", "queuedAt"])
      .expression(
        db
          .selectFrom("clientUploads")
          .innerJoin("clients", "clients.id", "clientUploads.clientId")
          .leftJoin("uploadMedia", "uploadMedia.uploadId", "clientUploads.id")
          .select([
            "clientUploads.id as uploadId",
            sql<string>`CAST(${kind} AS text)`.as("kind"),
            sql<null>`NULL`.as("deliveryId"),
            sql<number>`CAST(${options.now} AS bigint)`.as("queuedAt"),
          ])
          .where("clientUploads.completedAt", "is not", null)
          .where("clientUploads.completedAt", ">=", options.since)
          .where("clientUploads.requestId", "is not", null)
          .where("clientUploads.fromTeam", "=", 0)
          .where("clients.applicationId", "is not", null)
          .$if(options.readsMedia, (query) =>
            query.where("uploadMedia.state", "in", ["ready", "unreadable"]),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom("uploadNotices")
                  .select("uploadNotices.uploadId")
                  .whereRef("uploadNotices.uploadId", "=", "clientUploads.id")
                  .where("uploadNotices.kind", "=", kind),
              ),
            ),
          )
          .orderBy("clientUploads.completedAt")
          .limit(options.limit),
      )
      .onConflict((conflict) => conflict.columns(["uploadId", "kind"]).doNothing())
      .returning("uploadId"),
  );
  return rows.length;
}

/**
 * The batches ready to go: per request and kind, the queued uploads not told yet, when the
 * first of them has waited `windowMs` (oldest first, at most `limit`).
 */
export async function noticeBatchesDue(
  { db }: Handle,
  options: { now: number; windowMs: number; limit: number },
): Promise<{ requestId: string; kind: string }[]> {
  const rows = await db
    .selectFrom("uploadNotices")
    .innerJoin("clientUploads", "clientUploads.id", "uploadNotices.uploadId")
    .select([
      "clientUploads.requestId",
      "uploadNotices.kind",
      (eb) => eb.fn.min("uploadNotices.queuedAt").as("first"),
    ])
    .where("uploadNotices.deliveryId", "is", null)
    .where("clientUploads.requestId", "is not", null)
    .groupBy(["clientUploads.requestId", "uploadNotices.kind"])
    .having((eb) => eb.fn.min("uploadNotices.queuedAt"), "<=", options.now - options.windowMs)
    .orderBy("first")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ requestId: String(row.requestId), kind: row.kind }));
}

/**
 * Makes one batch's delivery, in one transaction: every upload of the request queued for
 * `kind` and not told yet is given `deliveryId` (set only where it is still null: on
 * PostgreSQL a second instance's update waits, then finds none), and the delivery (pending,
 * due now, on the client's application) is inserted only if that took any. True when it did;
 * false too when the client has no application (erased): its files are not told.
 */
export async function noticeBatch(
  { db, dialect, writeTransaction }: Writer,
  batch: { requestId: string; kind: string; deliveryId: string; now: number },
): Promise<boolean> {
  const { requestId, kind, deliveryId, now } = batch;
  const applicationId = await applicationOfRequest({ db }, requestId);
  if (!applicationId) return false;
  return deliveryWithClaim(
    { db, dialect, writeTransaction },
    db
      .updateTable("uploadNotices")
      .set({ deliveryId })
      .where("kind", "=", kind)
      .where("deliveryId", "is", null)
      .where("uploadId", "in", (eb) =>
        eb.selectFrom("clientUploads").select("id").where("requestId", "=", requestId),
      ),
    { id: deliveryId, applicationId, kind, now },
    (eb) =>
      eb.exists(
        eb.selectFrom("uploadNotices").select("uploadId").where("deliveryId", "=", deliveryId),
      ),
  );
}

/** One file a notice tells of. */
export interface NoticeFile {
  uploadId: string;
  displayName: string;
  size: number;
  completedAt: number;
  /** null: not read (the server reads nothing, or the file was unreadable). */
  durationMs: number | null;
}

/** What one notice delivery tells: the client, the request, and its files (oldest first). */
export interface NoticeBatch {
  clientId: string;
  clientName: string;
  plan: string;
  requestId: string;
  requestTitle: string;
  files: NoticeFile[];
  /** All the batch's files (`files` holds at most the limit). */
  total: number;
}

/** The batch a notice delivery tells, or undefined when none of its files is still there. */
export async function noticeBatchOf(
  { db }: Handle,
  deliveryId: string,
  limit: number,
): Promise<NoticeBatch | undefined> {
  const base = db
    .selectFrom("uploadNotices")
    .innerJoin("clientUploads", "clientUploads.id", "uploadNotices.uploadId")
    .where("uploadNotices.deliveryId", "=", deliveryId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin("clients", "clients.id", "clientUploads.clientId")
      .innerJoin("clientRequests", "clientRequests.id", "clientUploads.requestId")
      .leftJoin("uploadMedia", "uploadMedia.uploadId", "clientUploads.id")
      .select([
        "clientUploads.id as uploadId",
        "clientUploads.displayName",
        "clientUploads.size",
        "clientUploads.completedAt",
        "uploadMedia.state",
        "uploadMedia.durationMs",
        "clients.id as clientId",
        "clients.name as clientName",
        "clients.plan",
        "clientRequests.id as requestId",
        "clientRequests.title",
      ])
      .orderBy("clientUploads.completedAt")
      .orderBy("clientUploads.id")
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  const [first] = rows;
  if (!first) return undefined;
  return {
    clientId: first.clientId,
    clientName: first.clientName,
    plan: first.plan,
    requestId: first.requestId,
    requestTitle: first.title,
    files: rows.map((row) => ({
      uploadId: row.uploadId,
      displayName: row.displayName,
      size: Number(row.size),
      completedAt: Number(row.completedAt),
      durationMs:
        row.state === "ready" && row.durationMs !== null && row.durationMs !== undefined
          ? Number(row.durationMs)
          : null,
    })),
    total: Number(count?.n ?? rows.length),
  };
}
