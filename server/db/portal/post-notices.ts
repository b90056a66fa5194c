import type { DatabaseHandle } from "../database.ts";
import { deliveryWithClaim } from "../deliveries/insert-for-application.ts";
import { peopleOf } from "./client-people.ts";
import { videoApproved } from "./request-posts.ts";

type Handle = Pick<DatabaseHandle, "db">;
type Writer = Pick<DatabaseHandle, "db" | "dialect" | "write" | "writeTransaction">;

/**
 * The posts to tell their client of (decision 0100), oldest change first, at most `limit`:
 * the current revision waits for the client's approval and can be approved (the video is),
 * is still to be posted, was not told yet, and has not changed for `windowMs` (a member's
 * edits in a sitting make one email). The client still has its application.
 */
export async function postNoticesDue(
  { db }: Handle,
  options: { now: number; windowMs: number; limit: number },
): Promise<{ postId: string; revision: number }[]> {
  const rows = await db
    .selectFrom("requestPosts")
    .innerJoin("clients", "clients.id", "requestPosts.clientId")
    .select(["requestPosts.id as postId", "requestPosts.revision"])
    .where("clients.applicationId", "is not", null)
    .where("requestPosts.at", ">", options.now)
    .where("requestPosts.updatedAt", "<=", options.now - options.windowMs)
    .where((eb) =>
      eb.or([
        eb("requestPosts.approvedRevision", "is", null),
        eb("requestPosts.approvedRevision", "!=", eb.ref("requestPosts.revision")),
      ]),
    )
    .where(videoApproved)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("postNotices")
            .select("postNotices.postId")
            .whereRef("postNotices.postId", "=", "requestPosts.id")
            .whereRef("postNotices.revision", "=", "requestPosts.revision"),
        ),
      ),
    )
    .orderBy("requestPosts.updatedAt")
    .orderBy("requestPosts.id")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ postId: row.postId, revision: Number(row.revision) }));
}

/**
 * Revision `revision` of a post told by delivery `deliveryId`, in one transaction: its row
 * (ON CONFLICT DO NOTHING on post and revision) and the delivery on the client's application,
 * inserted only if the row is this delivery's. True when this call made it.
 */
export async function postNotice(
  { db, dialect, writeTransaction }: Writer,
  notice: { postId: string; revision: number; kind: string; deliveryId: string; now: number },
): Promise<boolean> {
  const { postId, revision, kind, deliveryId, now } = notice;
  const client = await db
    .selectFrom("requestPosts")
    .innerJoin("clients", "clients.id", "requestPosts.clientId")
    .select("clients.applicationId")
    .where("requestPosts.id", "=", postId)
    .executeTakeFirst();
  const applicationId = client?.applicationId;
  if (!applicationId) return false;
  return deliveryWithClaim(
    { db, dialect, writeTransaction },
    db
      .insertInto("postNotices")
      .values({ postId, revision, deliveryId, queuedAt: now })
      .onConflict((conflict) => conflict.columns(["postId", "revision"]).doNothing()),
    { id: deliveryId, applicationId, kind, now },
    (eb) =>
      eb.exists(eb.selectFrom("postNotices").select("postId").where("deliveryId", "=", deliveryId)),
  );
}

/**
 * What one post notice tells: the post as it is now (its revision, and the one told), its
 * request's title, the client and its people's addresses. Undefined once the post is gone.
 */
export async function postNoticeOf({ db }: Handle, deliveryId: string) {
  const row = await db
    .selectFrom("postNotices")
    .innerJoin("requestPosts", "requestPosts.id", "postNotices.postId")
    .innerJoin("clientRequests", "clientRequests.id", "requestPosts.requestId")
    .innerJoin("clients", "clients.id", "requestPosts.clientId")
    .select([
      "postNotices.revision as toldRevision",
      "requestPosts.revision",
      "requestPosts.approvedRevision",
      "requestPosts.platform",
      "requestPosts.at",
      "requestPosts.timeZone",
      "requestPosts.caption",
      "clientRequests.title",
      "clients.id as clientId",
      "clients.name as clientName",
    ])
    .where("postNotices.deliveryId", "=", deliveryId)
    .executeTakeFirst();
  if (!row) return undefined;
  const people = await peopleOf({ db }, row.clientId);
  return {
    ...row,
    toldRevision: Number(row.toldRevision),
    revision: Number(row.revision),
    approvedRevision: row.approvedRevision === null ? null : Number(row.approvedRevision),
    at: Number(row.at),
    emails: people.map((person) => person.email),
  };
}

export type PostNotice = NonNullable<Awaited<ReturnType<typeof postNoticeOf>>>;
