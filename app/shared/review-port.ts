import type { FootageItem } from "./footage-item.ts";
import { portKey } from "./team-port.ts";

/**
 * Cuts as versions, their review and approval (issue 39, decision 0091): what both sides' pages
 * show, and the team's port (`clientReviewPort`, made for a signed-in member only, decision
 * 0086). The client's side is on the PortalPort (bound to the person's session). Types only,
 * and the key.
 */

/** Where a request stands: no version yet, waiting for the client, changes asked, approved. */
export type RequestState = "edit" | "review" | "changes" | "approved";

export interface VersionSummary {
  number: number;
  createdAt: number;
  decision: "approved" | "changes" | null;
}

export interface ReviewVersion extends VersionSummary {
  decidedAt: number | null;
  /** The rate the comments' timecodes are at, as stored ("30000/1001"); the fallback when unread. */
  frameRate: string;
  /** False: the media job has not read it (or cannot): the rate is the fallback. */
  rateRead: boolean;
  durationMs: number | null;
  hasPoster: boolean;
  hasPreview: boolean;
  /** The newest version of the request (only it may be decided on). */
  latest: boolean;
  /** The client may download the original (approved), always true on the team's side. */
  originalOpen: boolean;
}

export interface ReviewComment {
  id: string;
  parentId: string | null;
  authorSide: "team" | "client";
  authorName: string;
  /** Written by the person reading the page (shown as "You"). */
  byViewer: boolean;
  frameIn: number | null;
  frameOut: number | null;
  /** frameIn / frameOut as timecodes at the version's rate ("00:00:01:05"). */
  timecodeIn: string | null;
  timecodeOut: string | null;
  body: string;
  resolved: boolean;
  createdAt: number;
}

/** A request's review page (either side): its versions, the one shown, its comments. */
export interface ReviewPage {
  client: { id: string; name: string };
  request: { id: string; title: string; brief: string; platform: string; wishedDate: string };
  state: RequestState;
  versions: VersionSummary[];
  /** The version shown (none: the request has no version yet). */
  version: ReviewVersion | null;
  /** Top-level comments and replies, oldest first (replies name their parent). */
  comments: ReviewComment[];
  limits: { bodyMax: number; commentsMax: number };
  /** False when this server has no ffmpeg: no poster or preview is made. */
  previews: boolean;
}

export type ReviewOutcome = { ok: true; notice: string } | { ok: false; error: string };

/** Who acts on the team's side (the member the guard found). */
export interface ReviewMember {
  id: string;
  name: string;
}

export interface ClientReviewPort {
  /**
   * A client's request with its versions; `version` undefined: the latest. Undefined: none.
   * `viewerId`: the member reading it, whose own comments are marked.
   */
  review(
    clientId: string,
    requestId: string,
    version?: number,
    viewerId?: string,
  ): Promise<ReviewPage | undefined>;
  /** A comment, a reply, resolve or reopen, by the member (the form's `intent`). */
  act(
    clientId: string,
    requestId: string,
    version: number,
    member: ReviewMember,
    form: URLSearchParams,
  ): Promise<ReviewOutcome | undefined>;
  /** The client's finished footage for the request, newest first (none: no such request). */
  footage(clientId: string, requestId: string): Promise<FootageItem[]>;
  /** original, poster, preview (Range honoured) or markers.csv / .edl / .fcpxml. */
  versionFile(
    clientId: string,
    requestId: string,
    version: number,
    file: string,
    range: string | null,
  ): Promise<Response | undefined>;
}

export const clientReviewPort = portKey<ClientReviewPort>("client-review");
