import type { Generated } from "kysely";

/**
 * The client portal's tables (0022_portal_clients), as Kysely sees them. Times are epoch ms.
 */

export interface ClientsTable {
  id: string;
  /** What the team and the client see: the applicant's name when invited. */
  name: string;
  /** The plan's name (app/content/plans.ts), copied from the application. */
  plan: string;
  /** The application it was made from (null once that application is erased). */
  applicationId: string | null;
  createdAt: number;
}

export interface ClientPeopleTable {
  id: string;
  clientId: string;
  /** Lower-cased; unique: one address belongs to one client. */
  email: string;
  createdAt: number;
}

/** An emailed sign-in link (SHA-256 of its token), used at most once. */
export interface ClientSignInTokensTable {
  tokenHash: string;
  personId: string;
  expiresAt: number;
  createdAt: number;
  usedAt: number | null;
}

/** A signed-in person's session (SHA-256 of the cookie's token). */
export interface ClientSessionsTable {
  tokenHash: string;
  personId: string;
  expiresAt: number;
  createdAt: number;
}

/** One video a client asks for. */
export interface ClientRequestsTable {
  id: string;
  clientId: string;
  title: string;
  brief: string;
  platform: string;
  /** YYYY-MM-DD. */
  wishedDate: string;
  /** The Monday (00:00 UTC, epoch ms) of the week its work starts. */
  startsWeek: number;
  /** The person who made it (null once they are removed). */
  createdBy: string | null;
  createdAt: number;
  /** When the footage was marked complete (0032): the first turn's clock starts; null: not yet. */
  footageCompleteAt?: number | null;
  /** The request's editor (0032, round robin); null: nobody yet, or the member was removed. */
  editorId?: string | null;
}

/** A file a client's person uploads (0023_client_uploads); its bytes under DATA_DIR/media. */
export interface ClientUploadsTable {
  /** The tus upload's id: also the file's name on disk. */
  id: string;
  clientId: string;
  personId: string | null;
  /** Its whole length in bytes, counted against the quota from its creation. */
  size: number;
  createdAt: number;
  completedAt: number | null;
  /** The type read from its first bytes (0028; video/*, audio/*, image/*); null until read. */
  mimeType: string | null;
  /** The request it is footage for (0027_upload_requests; null: from before, or none). */
  requestId: Generated<string | null>;
  /** The file's name as the person's device gave it, cleaned: shown, never a path. */
  displayName: Generated<string>;
  /** 1: a cut the team uploaded (0031_request_versions), 0: the client's footage. */
  fromTeam: Generated<number>;
}

/** An upload's tus lock across instances (0028_upload_checks, decision 0083). */
export interface UploadLocksTable {
  uploadId: string;
  /** The lock's holder: one request of one instance (a random id). */
  holder: string;
  /** The lease's end (epoch ms), pushed on while the holder works; past it, anyone may take it. */
  expiresAt: number;
  /** When a request that waits for the lock asked the holder to let go (null: nobody asked). */
  releaseAskedAt: number | null;
}

/**
 * What a finished upload is (0029_upload_media): the job `upload-media`'s row per upload, with
 * what ffprobe read. `hasAudio`, `hasPoster`, `hasPreview` are 0 or 1.
 */
export interface UploadMediaTable {
  uploadId: string;
  /** pending (not read yet, or to try again), ready, unreadable (reason says why). */
  state: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: number;
  leaseHolder: string | null;
  leaseExpiresAt: number | null;
  /** video, audio or image. */
  kind: string | null;
  /** The container, as ffprobe's first name for it ("mov", "matroska", "png_pipe"). */
  format: string | null;
  durationMs: number | null;
  /** As shown (rotation applied). */
  width: number | null;
  height: number | null;
  rotation: number | null;
  /** The video's frame rate as ffprobe's rational, exact ("30000/1001"). */
  frameRate: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  hasAudio: number | null;
  hasPoster: Generated<number>;
  hasPreview: Generated<number>;
  /** Why it is unreadable (or why the last attempt failed), in words. */
  reason: string | null;
  probedAt: number | null;
}

/**
 * The owner told of finished footage (0030_upload_notices, decision 0087): one row per upload
 * and notice kind; `deliveryId` null while it waits for its batch.
 */
export interface UploadNoticesTable {
  uploadId: string;
  kind: string;
  deliveryId: string | null;
  queuedAt: number;
}

/** A cut of a request (0031_request_versions): v1, v2, ... in `number`. */
export interface RequestVersionsTable {
  id: string;
  requestId: string;
  clientId: string;
  number: number;
  /** The team's upload that carries it (client_uploads, from_team 1). */
  uploadId: string;
  /** The team member who uploaded it (null once they are removed). */
  createdBy: string | null;
  createdAt: number;
  /** The client's decision: "approved", "changes"; null: not decided yet. */
  decision: string | null;
  decidedAt: number | null;
  /** The client's person who decided (null once removed). */
  decidedBy: string | null;
}

/** A comment on a version, at a frame (`frameOut` null) or a range; a reply names its parent. */
export interface VersionCommentsTable {
  id: string;
  versionId: string;
  clientId: string;
  parentId: string | null;
  /** "team" or "client". */
  authorSide: string;
  /** The team member's or the client person's id (null once they are removed). */
  authorId: string | null;
  /** As shown when it was written (a display name or an address). */
  authorName: string;
  frameIn: number | null;
  frameOut: number | null;
  body: string;
  resolvedAt: number | null;
  createdAt: number;
}

/** The other side told of a new comment, in batches: one row per comment and notice kind. */
export interface CommentNoticesTable {
  commentId: string;
  kind: string;
  deliveryId: string | null;
  queuedAt: number;
}

/** A span the team waited on the client (0032); `toAt` null: still waiting. */
export interface RequestPausesTable {
  id: string;
  requestId: string;
  clientId: string;
  fromAt: number;
  toAt: number | null;
  createdBy: string | null;
}

/** One reminder or missed alert of one turn of a request, made once (0032). */
export interface TurnNoticesTable {
  requestId: string;
  /** 0: the first cut; n: the revision asked on version n. */
  turn: number;
  kind: string;
  deliveryId: string;
  /** The turn's due time when the notice was made (what it tells). */
  dueAt: number;
  queuedAt: number;
}

/** A revision of a post told to the client as waiting for their approval, once (0035). */
export interface PostNoticesTable {
  postId: string;
  revision: number;
  deliveryId: string;
  queuedAt: number;
}

export interface PortalTables {
  clients: ClientsTable;
  clientPeople: ClientPeopleTable;
  clientSignInTokens: ClientSignInTokensTable;
  clientSessions: ClientSessionsTable;
  clientRequests: ClientRequestsTable;
  clientUploads: ClientUploadsTable;
  uploadLocks: UploadLocksTable;
  uploadMedia: UploadMediaTable;
  uploadNotices: UploadNoticesTable;
  requestVersions: RequestVersionsTable;
  versionComments: VersionCommentsTable;
  commentNotices: CommentNoticesTable;
  requestPauses: RequestPausesTable;
  turnNotices: TurnNoticesTable;
  requestPosts: RequestPostsTable;
  postNotices: PostNoticesTable;
  clientFeeds: ClientFeedsTable;
}

/** A request's post on the posting schedule (0033_request_posts, decision 0094). */
export interface RequestPostsTable {
  id: string;
  /** Unique: one post per request. */
  requestId: string;
  clientId: string;
  platform: string;
  /** The planned instant (epoch ms, UTC). */
  at: number;
  /** The IANA zone it was planned in ("Europe/Berlin"). */
  timeZone: string;
  caption: string;
  /** Space-separated, each with its # ("#launch #bts"); "" for none. */
  hashtags: string;
  /** 1 when written, bumped by each change of the team's. */
  revision: number;
  /** The member's address who changed it last. */
  updatedBy: string | null;
  createdAt: number;
  updatedAt: number;
  /** The revision the client approved (approved while it equals `revision`); null: never. */
  approvedRevision: number | null;
  approvedAt: number | null;
  /** The client's person who approved (null once removed, or never). */
  approvedBy: string | null;
}

/** A client's secret iCal feed: the token's salt and SHA-256 only (0033_request_posts). */
export interface ClientFeedsTable {
  clientId: string;
  salt: string;
  tokenHash: string;
  createdAt: number;
}
