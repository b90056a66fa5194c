import { sql, type UpdateObject } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { UploadMediaTable } from "../portal-schema.ts";
import type { Database } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db">;
type Writer = Pick<DatabaseHandle, "db" | "dialect" | "write">;

/** What ffprobe read of a file (null: not there, or not read); the columns are its table's. */
export type MediaFacts = Pick<
  UploadMediaTable,
  | "format"
  | "durationMs"
  | "width"
  | "height"
  | "rotation"
  | "frameRate"
  | "videoCodec"
  | "audioCodec"
> & {
  kind: "video" | "audio" | "image";
  hasAudio: boolean;
};

/** An upload the job claimed: its id, and the attempt this is (1 the first time). */
export interface ClaimedMedia {
  uploadId: string;
  attempts: number;
}

/** A finished upload of a client, with what is known of it (media null: not looked at yet). */
export interface FootageRow {
  id: string;
  requestId: string | null;
  /** The name the client's device gave it, made fit to show ("" when it gave none). */
  displayName: string;
  size: number;
  createdAt: number;
  completedAt: number;
  media: {
    state: "pending" | "ready" | "unreadable";
    attempts: number;
    kind: MediaFacts["kind"] | null;
    durationMs: number | null;
    width: number | null;
    height: number | null;
    frameRate: string | null;
    videoCodec: string | null;
    audioCodec: string | null;
    hasAudio: boolean | null;
    hasPoster: boolean;
    hasPreview: boolean;
    reason: string | null;
  } | null;
}

const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Gives every finished upload that has no row yet its pending row (due at once), at most
 * `limit` of them per call: ON CONFLICT DO NOTHING, so two instances finding the same upload
 * make one row. Returns how many it made.
 */
export async function mediaDiscover({ db, write }: Writer, now: number, limit: number) {
  const rows = await write(
    db
      .insertInto("uploadMedia")
      .columns(["uploadId", "state", "attempts", "nextAttemptAt"])
      .expression(
        db
          .selectFrom("clientUploads")
          .select([
            "clientUploads.id as uploadId",
            sql<string>`'pending'`.as("state"),
            sql<number>`0`.as("attempts"),
            sql<number>`CAST(${now} AS bigint)`.as("nextAttemptAt"),
          ])
          .where("clientUploads.completedAt", "is not", null)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom("uploadMedia")
                  .select("uploadMedia.uploadId")
                  .whereRef("uploadMedia.uploadId", "=", "clientUploads.id"),
              ),
            ),
          )
          .orderBy("clientUploads.completedAt")
          .limit(limit),
      )
      .onConflict((conflict) => conflict.column("uploadId").doNothing())
      .returning("uploadId"),
  );
  return rows.length;
}

/**
 * Claims the next due upload for `leaseHolder` until now + leaseMs, counting the attempt, in
 * one statement: pending, its time come, and no live lease (an expired one: an instance that
 * crashed mid-run, so the upload is read again, and the attempt counted). On PostgreSQL the row
 * is picked FOR UPDATE SKIP LOCKED, so two instances never claim the same upload.
 */
export async function mediaClaim(
  { db, dialect, write }: Writer,
  leaseHolder: string,
  options: { now: number; leaseMs: number },
): Promise<ClaimedMedia | undefined> {
  const { now, leaseMs } = options;
  let due = db
    .selectFrom("uploadMedia")
    .select("uploadId")
    .where("state", "=", "pending")
    .where("nextAttemptAt", "<=", now)
    .where((eb) => eb.or([eb("leaseExpiresAt", "is", null), eb("leaseExpiresAt", "<=", now)]))
    .orderBy("nextAttemptAt")
    .limit(1);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  const [row] = await write(
    db
      .updateTable("uploadMedia")
      .set((eb) => ({
        leaseHolder,
        leaseExpiresAt: now + leaseMs,
        attempts: eb("attempts", "+", 1),
      }))
      .where("uploadId", "in", due)
      .returning(["uploadId", "attempts"]),
  );
  return row && { uploadId: row.uploadId, attempts: Number(row.attempts) };
}

/**
 * The end of a claimed attempt, written only while `leaseHolder` still holds the lease: its
 * `changes`, and the lease let go.
 */
async function finish(
  handle: Writer,
  uploadId: string,
  leaseHolder: string,
  changes: UpdateObject<Database, "uploadMedia">,
) {
  await handle.write(
    handle.db
      .updateTable("uploadMedia")
      .set({ ...changes, leaseHolder: null, leaseExpiresAt: null })
      .where("uploadId", "=", uploadId)
      .where("leaseHolder", "=", leaseHolder)
      .where("state", "=", "pending"),
  );
}

/** Records what the file is, and the poster and preview made (or why one is missing). */
export async function mediaReady(
  handle: Writer,
  uploadId: string,
  leaseHolder: string,
  result: {
    facts: MediaFacts;
    poster: boolean;
    preview: boolean;
    reason: string | null;
    now: number;
  },
) {
  const { facts } = result;
  await finish(handle, uploadId, leaseHolder, {
    state: "ready",
    kind: facts.kind,
    format: facts.format,
    durationMs: facts.durationMs,
    width: facts.width,
    height: facts.height,
    rotation: facts.rotation,
    frameRate: facts.frameRate,
    videoCodec: facts.videoCodec,
    audioCodec: facts.audioCodec,
    hasAudio: facts.hasAudio ? 1 : 0,
    hasPoster: result.poster ? 1 : 0,
    hasPreview: result.preview ? 1 : 0,
    reason: result.reason,
    probedAt: result.now,
  });
}

/** A failed attempt, to try again at `nextAttemptAt` (the lease let go). */
export async function mediaRetry(
  handle: Writer,
  uploadId: string,
  leaseHolder: string,
  failure: { reason: string; nextAttemptAt: number },
) {
  await finish(handle, uploadId, leaseHolder, {
    nextAttemptAt: failure.nextAttemptAt,
    reason: failure.reason,
  });
}

/** A file that cannot be read, for good: never claimed again. */
export async function mediaUnreadable(
  handle: Writer,
  uploadId: string,
  leaseHolder: string,
  failure: { reason: string; now: number },
) {
  await finish(handle, uploadId, leaseHolder, {
    state: "unreadable",
    reason: failure.reason,
    probedAt: failure.now,
  });
}

/** An attempt given back unfinished (the server stopping): due again at once, not counted. */
export async function mediaRelease(handle: Writer, uploadId: string, leaseHolder: string) {
  await finish(handle, uploadId, leaseHolder, { attempts: (eb) => eb("attempts", "-", 1) });
}

/**
 * A client's finished uploads, newest first (at most `limit`), each with its media row; only
 * those of one of its requests when `requestId` is given.
 */
export async function footageOf(
  { db }: Handle,
  clientId: string,
  limit: number,
  requestId?: string,
): Promise<FootageRow[]> {
  const rows = await db
    .selectFrom("clientUploads")
    .leftJoin("uploadMedia", "uploadMedia.uploadId", "clientUploads.id")
    .select([
      "clientUploads.id",
      "clientUploads.requestId",
      "clientUploads.displayName",
      "clientUploads.size",
      "clientUploads.createdAt",
      "clientUploads.completedAt",
      "uploadMedia.state",
      "uploadMedia.attempts",
      "uploadMedia.kind",
      "uploadMedia.durationMs",
      "uploadMedia.width",
      "uploadMedia.height",
      "uploadMedia.frameRate",
      "uploadMedia.videoCodec",
      "uploadMedia.audioCodec",
      "uploadMedia.hasAudio",
      "uploadMedia.hasPoster",
      "uploadMedia.hasPreview",
      "uploadMedia.reason",
    ])
    .where("clientUploads.clientId", "=", clientId)
    .where("clientUploads.fromTeam", "=", 0)
    .$if(requestId !== undefined, (query) =>
      query.where("clientUploads.requestId", "=", requestId ?? ""),
    )
    .where("clientUploads.completedAt", "is not", null)
    .orderBy("clientUploads.completedAt", "desc")
    .orderBy("clientUploads.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId ?? null,
    displayName: row.displayName ?? "",
    size: Number(row.size),
    createdAt: Number(row.createdAt),
    completedAt: Number(row.completedAt),
    media:
      row.state === null || row.state === undefined
        ? null
        : {
            state: row.state as "pending" | "ready" | "unreadable",
            attempts: Number(row.attempts),
            kind: (row.kind ?? null) as MediaFacts["kind"] | null,
            durationMs: orNull(row.durationMs),
            width: orNull(row.width),
            height: orNull(row.height),
            frameRate: row.frameRate ?? null,
            videoCodec: row.videoCodec ?? null,
            audioCodec: row.audioCodec ?? null,
            hasAudio:
              row.hasAudio === null || row.hasAudio === undefined ? null : row.hasAudio === 1,
            hasPoster: Number(row.hasPoster) === 1,
            hasPreview: Number(row.hasPreview) === 1,
            reason: row.reason ?? null,
          },
  }));
}

/** One finished upload of this client, with whether its poster and preview exist. */
export async function footageFileOf({ db }: Handle, clientId: string, uploadId: string) {
  const row = await db
    .selectFrom("clientUploads")
    .leftJoin("uploadMedia", "uploadMedia.uploadId", "clientUploads.id")
    .select([
      "clientUploads.id",
      "clientUploads.size",
      "clientUploads.completedAt",
      "uploadMedia.hasPoster",
      "uploadMedia.hasPreview",
      "uploadMedia.format",
      "uploadMedia.kind",
    ])
    .where("clientUploads.clientId", "=", clientId)
    .where("clientUploads.id", "=", uploadId)
    .where("clientUploads.completedAt", "is not", null)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      size: Number(row.size),
      completedAt: Number(row.completedAt),
      hasPoster: Number(row.hasPoster ?? 0) === 1,
      hasPreview: Number(row.hasPreview ?? 0) === 1,
      format: row.format ?? null,
    }
  );
}
