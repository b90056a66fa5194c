import { sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import { deliveryForApplication } from "../deliveries/insert-for-application.ts";
import type { RequestVersionsTable, VersionCommentsTable } from "../portal-schema.ts";
import { peopleOf } from "./client-people.ts";

type Handle = Pick<DatabaseHandle, "db">;

/** A version of a request's cut (its row, 0031), with what the media job read of its upload. */
export interface VersionRow extends Omit<RequestVersionsTable, "decision"> {
  decision: "approved" | "changes" | null;
  /** The upload's media, as read (null: not read, or this server reads nothing). */
  frameRate: string | null;
  durationMs: number | null;
  hasPoster: boolean;
  hasPreview: boolean;
}

/** A comment on a version, as stored (frames, never seconds). */
export interface CommentRow extends Omit<VersionCommentsTable, "authorSide"> {
  authorSide: "team" | "client";
}

const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

function versionsQuery(db: Handle["db"]) {
  return db
    .selectFrom("requestVersions")
    .leftJoin("uploadMedia", "uploadMedia.uploadId", "requestVersions.uploadId")
    .select([
      "requestVersions.id",
      "requestVersions.requestId",
      "requestVersions.clientId",
      "requestVersions.number",
      "requestVersions.uploadId",
      "requestVersions.createdBy",
      "requestVersions.createdAt",
      "requestVersions.decision",
      "requestVersions.decidedAt",
      "requestVersions.decidedBy",
      "uploadMedia.state",
      "uploadMedia.frameRate",
      "uploadMedia.durationMs",
      "uploadMedia.hasPoster",
      "uploadMedia.hasPreview",
    ]);
}

type RawVersion = Awaited<ReturnType<ReturnType<typeof versionsQuery>["execute"]>>[number];

function versionRow(row: RawVersion): VersionRow {
  const ready = row.state === "ready";
  return {
    id: row.id,
    requestId: row.requestId,
    clientId: row.clientId,
    number: Number(row.number),
    uploadId: row.uploadId,
    createdBy: row.createdBy,
    createdAt: Number(row.createdAt),
    decision: row.decision === "approved" || row.decision === "changes" ? row.decision : null,
    decidedAt: num(row.decidedAt),
    decidedBy: row.decidedBy,
    frameRate: ready ? (row.frameRate ?? null) : null,
    durationMs: ready ? num(row.durationMs) : null,
    hasPoster: ready && Number(row.hasPoster ?? 0) === 1,
    hasPreview: ready && Number(row.hasPreview ?? 0) === 1,
  };
}

/** A request's versions (of this client only), v1 first. */
export async function versionsOf(
  { db }: Handle,
  clientId: string,
  requestId: string,
): Promise<VersionRow[]> {
  const rows = await versionsQuery(db)
    .where("requestVersions.clientId", "=", clientId)
    .where("requestVersions.requestId", "=", requestId)
    .orderBy("requestVersions.number")
    .execute();
  return rows.map(versionRow);
}

/**
 * The versions of these requests of a client, as numbers and decisions only, by request then
 * number: what a list of requests says of each (where its video stands).
 */
export async function versionDecisionsOf(
  { db }: Handle,
  clientId: string,
  requestIds: readonly string[],
): Promise<{ requestId: string; number: number; decision: "approved" | "changes" | null }[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .selectFrom("requestVersions")
    .select(["requestId", "number", "decision"])
    .where("clientId", "=", clientId)
    .where("requestId", "in", requestIds)
    .orderBy("requestId")
    .orderBy("number")
    .execute();
  return rows.map((row) => ({
    requestId: row.requestId,
    number: Number(row.number),
    decision: row.decision === "approved" || row.decision === "changes" ? row.decision : null,
  }));
}

/**
 * The cuts the team finished that are no version yet, oldest first (at most `limit`): read by
 * the media job (ready or unreadable), or any finished one when this server reads nothing.
 */
export async function cutsWaiting(
  { db }: Handle,
  options: { readsMedia: boolean; limit: number },
): Promise<{ id: string; requestId: string; clientId: string }[]> {
  const rows = await db
    .selectFrom("clientUploads")
    .leftJoin("uploadMedia", "uploadMedia.uploadId", "clientUploads.id")
    .select(["clientUploads.id", "clientUploads.requestId", "clientUploads.clientId"])
    .where("clientUploads.fromTeam", "=", 1)
    .where("clientUploads.completedAt", "is not", null)
    .where("clientUploads.requestId", "is not", null)
    .$if(options.readsMedia, (query) =>
      query.where("uploadMedia.state", "in", ["ready", "unreadable"]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("requestVersions")
            .select("requestVersions.id")
            .whereRef("requestVersions.uploadId", "=", "clientUploads.id"),
        ),
      ),
    )
    .orderBy("clientUploads.completedAt")
    .orderBy("clientUploads.id")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    requestId: String(row.requestId),
    clientId: row.clientId,
  }));
}

/**
 * Makes an upload the next version of its request, in one statement: the number is one more
 * than the request's highest, and ON CONFLICT DO NOTHING keeps it exactly once (the same
 * upload twice: `request_versions_upload`; two instances numbering two cuts alike on
 * PostgreSQL: `request_versions_number`, the loser is numbered by the next run). The number
 * made, or undefined when nothing was inserted.
 */
export async function versionMake(
  { db, dialect, writeTransaction }: Pick<DatabaseHandle, "db" | "dialect" | "writeTransaction">,
  row: { id: string; uploadId: string; createdBy: string | null; now: number },
  /** The client's people told by this kind (a delivery on the client's application, id = the
   * version's), in the same transaction: made with the version or not at all. */
  tell?: { kind: string; applicationId: string },
): Promise<number | undefined> {
  const insert = db
    .insertInto("requestVersions")
    .columns(["id", "requestId", "clientId", "number", "uploadId", "createdBy", "createdAt"])
    .expression(
      db
        .selectFrom("clientUploads")
        .select([
          sql<string>`CAST(${row.id} AS text)`.as("id"),
          sql<string>`client_uploads.request_id`.as("requestId"),
          "clientUploads.clientId",
          sql<number>`(SELECT COALESCE(MAX(v.number), 0) + 1 FROM request_versions v WHERE v.request_id = client_uploads.request_id)`.as(
            "number",
          ),
          "clientUploads.id as uploadId",
          sql<string | null>`CAST(${row.createdBy} AS text)`.as("createdBy"),
          sql<number>`CAST(${row.now} AS bigint)`.as("createdAt"),
        ])
        .where("clientUploads.id", "=", row.uploadId)
        .where("clientUploads.fromTeam", "=", 1)
        .where("clientUploads.requestId", "is not", null),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning("number");
  const told = tell
    ? [
        deliveryForApplication(
          { db, dialect },
          { id: row.id, applicationId: tell.applicationId, kind: tell.kind, now: row.now },
          (eb) => eb.exists(eb.selectFrom("requestVersions").select("id").where("id", "=", row.id)),
        ),
      ]
    : [];
  const [inserted] = await writeTransaction([insert, ...told]);
  const made = inserted?.rows[0] as { number: number } | undefined;
  return made ? Number(made.number) : undefined;
}

/** What the cut-ready email tells: the version, its request and client, and who to tell. */
export async function versionNoticeOf({ db }: Handle, versionId: string) {
  const row = await db
    .selectFrom("requestVersions")
    .innerJoin("clientRequests", "clientRequests.id", "requestVersions.requestId")
    .innerJoin("clients", "clients.id", "requestVersions.clientId")
    .select([
      "requestVersions.number",
      "requestVersions.requestId",
      "requestVersions.clientId",
      "clientRequests.title",
      "clients.name as clientName",
    ])
    .where("requestVersions.id", "=", versionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const people = await peopleOf({ db }, row.clientId);
  return {
    number: Number(row.number),
    requestId: row.requestId,
    title: row.title,
    clientName: row.clientName,
    emails: people.map((person) => person.email),
  };
}

/**
 * The client's decision on a version: only the latest version of its request, only while
 * undecided (one statement: a second press, or a version added meanwhile, changes nothing).
 * True when it was recorded.
 */
export async function versionDecide(
  { db, write }: Pick<DatabaseHandle, "db" | "write">,
  decision: {
    clientId: string;
    versionId: string;
    decision: "approved" | "changes";
    personId: string;
    now: number;
  },
): Promise<boolean> {
  const updated = await write(
    db
      .updateTable("requestVersions")
      .set({
        decision: decision.decision,
        decidedAt: decision.now,
        decidedBy: decision.personId,
      })
      .where("id", "=", decision.versionId)
      .where("clientId", "=", decision.clientId)
      .where("decision", "is", null)
      .where(
        sql<boolean>`number = (SELECT MAX(v.number) FROM request_versions v WHERE v.request_id = request_versions.request_id)`,
      )
      .returning("id"),
  );
  return ((updated as unknown[] | undefined)?.length ?? 0) === 1;
}

const commentColumns = [
  "id",
  "versionId",
  "clientId",
  "parentId",
  "authorSide",
  "authorId",
  "authorName",
  "frameIn",
  "frameOut",
  "body",
  "resolvedAt",
  "createdAt",
] as const;

/** A version's comments (of this client only), oldest first, at most `limit`. */
export async function commentsOf(
  { db }: Handle,
  clientId: string,
  versionId: string,
  limit: number,
): Promise<CommentRow[]> {
  const rows = await db
    .selectFrom("versionComments")
    .select(commentColumns)
    .where("clientId", "=", clientId)
    .where("versionId", "=", versionId)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    authorSide: row.authorSide === "team" ? "team" : "client",
    frameIn: num(row.frameIn),
    frameOut: num(row.frameOut),
    resolvedAt: num(row.resolvedAt),
    createdAt: Number(row.createdAt),
  }));
}

/**
 * Adds a comment while the version has fewer than `max`. A reply's parent must be a top-level
 * comment of the same version. True when it was stored. Racing for the last places: on SQLite
 * the one writer takes the statements in turn; on PostgreSQL the version's row is locked first
 * in the same transaction, so the racers count one after the other (each statement of READ
 * COMMITTED reads what was committed before it began) and the bound holds.
 */
export async function commentAdd(
  { db, dialect, writeTransaction }: Pick<DatabaseHandle, "db" | "dialect" | "writeTransaction">,
  row: CommentRow,
  max: number,
): Promise<boolean> {
  const lock =
    dialect === "postgres"
      ? [db.selectFrom("requestVersions").select("id").where("id", "=", row.versionId).forUpdate()]
      : [];
  const insert = db
    .insertInto("versionComments")
    .columns([...commentColumns])
    .expression(
      db
        .selectFrom("requestVersions")
        .select([
          sql<string>`CAST(${row.id} AS text)`.as("id"),
          "requestVersions.id as versionId",
          "requestVersions.clientId",
          sql<string | null>`CAST(${row.parentId} AS text)`.as("parentId"),
          sql<string>`CAST(${row.authorSide} AS text)`.as("authorSide"),
          sql<string | null>`CAST(${row.authorId} AS text)`.as("authorId"),
          sql<string>`CAST(${row.authorName} AS text)`.as("authorName"),
          sql<number | null>`CAST(${row.frameIn} AS integer)`.as("frameIn"),
          sql<number | null>`CAST(${row.frameOut} AS integer)`.as("frameOut"),
          sql<string>`CAST(${row.body} AS text)`.as("body"),
          sql<null>`CAST(NULL AS bigint)`.as("resolvedAt"),
          sql<number>`CAST(${row.createdAt} AS bigint)`.as("createdAt"),
        ])
        .where("requestVersions.id", "=", row.versionId)
        .where("requestVersions.clientId", "=", row.clientId)
        .where(
          sql<boolean>`(SELECT COUNT(*) FROM version_comments c WHERE c.version_id = ${row.versionId}) < ${max}`,
        )
        .$if(row.parentId !== null, (query) =>
          query.where(({ exists, selectFrom }) =>
            exists(
              selectFrom("versionComments as parent")
                .select("parent.id")
                .where("parent.id", "=", row.parentId ?? "")
                .where("parent.versionId", "=", row.versionId)
                .where("parent.parentId", "is", null),
            ),
          ),
        ),
    )
    .returning("id");
  const results = await writeTransaction([...lock, insert]);
  return results.at(-1)?.rows.length === 1;
}

/** Resolves (`at`) or reopens (null) a comment of this client's version. True when found. */
export async function commentResolve(
  { db, write }: Pick<DatabaseHandle, "db" | "write">,
  target: { clientId: string; versionId: string; commentId: string; at: number | null },
): Promise<boolean> {
  const updated = await write(
    db
      .updateTable("versionComments")
      .set({ resolvedAt: target.at })
      .where("id", "=", target.commentId)
      .where("versionId", "=", target.versionId)
      .where("clientId", "=", target.clientId)
      .returning("id"),
  );
  return ((updated as unknown[] | undefined)?.length ?? 0) === 1;
}
