import { randomUUID } from "node:crypto";
import { portalCuts as words } from "#app/content/portal-cuts.ts";
import type { FootageItem } from "#app/shared/footage-item.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import type {
  RequestState,
  ReviewComment,
  ReviewOutcome,
  ReviewPage,
  VersionSummary,
} from "#app/shared/review-port.ts";
import { fill } from "#app/shared/text.ts";
import {
  type FrameRate,
  frameToTimecode,
  lastFrameOf,
  parseFrameRate,
  readTimecode,
} from "#app/shared/timecode.ts";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { clientById } from "../db/portal/clients.ts";
import {
  type CommentRow,
  commentAdd,
  commentResolve,
  commentsOf,
  cutsWaiting,
  type VersionRow,
  versionDecide,
  versionMake,
  versionsOf,
} from "../db/portal/request-versions.ts";
import { footageFileOf, footageOf } from "../db/portal/upload-media.ts";
import { clientRequest, requestHeading } from "./client-request.ts";
import { footageItems, footageListCap, footageResponse } from "./footage.ts";
import { commentsCsv } from "./markers/comments-csv.ts";
import { commentsEdl } from "./markers/comments-edl.ts";
import { commentsFcpxml } from "./markers/comments-fcpxml.ts";
import type { MarkedVersion, VersionComment } from "./markers/version-comments.ts";

/** A comment's body, in characters at most. */
export const commentBodyMax = 2000;
/** The comments (replies included) a version holds at most. */
export const commentsPerVersionMax = 500;
/** The rate timecodes are read at while a version's own is not read (no ffmpeg, not yet). */
export const fallbackRate = "30/1";

/** Who acts: a team member or one of the client's people. */
export interface ReviewActor {
  side: "team" | "client";
  id: string;
  name: string;
}

/** The request's state, from its versions: none, the latest undecided, changes, approved. */
export function requestState(versions: readonly Pick<VersionSummary, "decision">[]): RequestState {
  const latest = versions.at(-1);
  if (!latest) return "edit";
  if (latest.decision === "approved") return "approved";
  if (latest.decision === "changes") return "changes";
  return "review";
}

function rateOf(version: VersionRow): { rate: FrameRate; text: string; read: boolean } {
  const read = version.frameRate ? parseFrameRate(version.frameRate) : null;
  if (read && version.frameRate) return { rate: read, text: version.frameRate, read: true };
  return { rate: parseFrameRate(fallbackRate) as FrameRate, text: fallbackRate, read: false };
}

const lastFrame = (version: VersionRow, rate: FrameRate) =>
  version.durationMs === null ? undefined : lastFrameOf(version.durationMs, rate);

export type CommentReading =
  | { ok: true; frameIn: number | null; frameOut: number | null; body: string }
  | { ok: false; error: string };

/**
 * A comment's form read: its timecodes (at the version's rate, refused past its last frame, out
 * before in) as frames, its body bounded. A reply has no timecode. Nothing is stored here.
 */
export function readComment(
  form: URLSearchParams,
  rate: FrameRate,
  options: { lastFrame?: number; reply: boolean },
): CommentReading {
  const body = (form.get("body") ?? "").replace(/\r\n/g, "\n").trim();
  if (body === "") return { ok: false, error: words.comments.empty };
  if (body.length > commentBodyMax) {
    return { ok: false, error: fill(words.comments.tooLong, { max: commentBodyMax }) };
  }
  if (options.reply) return { ok: true, frameIn: null, frameOut: null, body };
  const typedIn = (form.get("frameIn") ?? "").trim();
  const typedOut = (form.get("frameOut") ?? "").trim();
  if (typedIn === "") return { ok: false, error: words.comments.needIn };
  const at = readTimecode(typedIn, rate, { lastFrame: options.lastFrame });
  if (!at.ok) return { ok: false, error: at.message };
  if (typedOut === "") return { ok: true, frameIn: at.frame, frameOut: null, body };
  const to = readTimecode(typedOut, rate, { lastFrame: options.lastFrame });
  if (!to.ok) return { ok: false, error: to.message };
  if (to.frame < at.frame) return { ok: false, error: words.comments.outBeforeIn };
  return {
    ok: true,
    frameIn: at.frame,
    frameOut: to.frame === at.frame ? null : to.frame,
    body,
  };
}

/** A comment as a page shows it; `viewer` (side and id) marks the comments its reader wrote. */
function commentView(
  row: CommentRow,
  rate: FrameRate,
  viewer?: { side: "team" | "client"; id: string },
): ReviewComment {
  return {
    id: row.id,
    parentId: row.parentId,
    authorSide: row.authorSide,
    authorName: row.authorName,
    byViewer: viewer !== undefined && row.authorSide === viewer.side && row.authorId === viewer.id,
    frameIn: row.frameIn,
    frameOut: row.frameOut,
    timecodeIn: row.frameIn === null ? null : frameToTimecode(row.frameIn, rate),
    timecodeOut: row.frameOut === null ? null : frameToTimecode(row.frameOut, rate),
    body: row.body,
    resolved: row.resolvedAt !== null,
    createdAt: row.createdAt,
  };
}

const markerFiles = new Set(["markers.csv", "markers.edl", "markers.fcpxml"]);

/**
 * The review of cuts (decision 0091), on either side: the pages' data, the actions (comments,
 * replies, resolve, the client's decision) and the version's files. Every call names the
 * client: ids of another client's request or version find nothing (undefined: the route's 404).
 */
export function createReview(deps: {
  database: DatabaseHandle;
  dataDir: string;
  previewsOn: () => Promise<boolean>;
  now?: () => number;
  newId?: () => string;
  /** The delivery kind that tells the client's people of a new version (cut_ready_email). */
  cutReadyKind?: string;
  /** Told after a version is made with its delivery (the worker is nudged). */
  onVersionMade?: () => void;
}) {
  const { database } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomUUID;

  async function found(clientId: string, requestId: string, number?: number) {
    const pair = await clientRequest(database, clientId, requestId);
    if (!pair) return undefined;
    const { client, request } = pair;
    const versions = await versionsOf(database, client.id, request.id);
    const version =
      number === undefined ? versions.at(-1) : versions.find((v) => v.number === number);
    if (number !== undefined && !version) return undefined;
    return { client, request, versions, version };
  }

  return {
    /** `viewerId`: the reader's person (client) or member (team) id, for "You" on their own comments. */
    async page(
      side: "team" | "client",
      clientId: string,
      requestId: string,
      number?: number,
      viewerId?: string,
    ): Promise<ReviewPage | undefined> {
      const at = await found(clientId, requestId, number);
      if (!at) return undefined;
      const { client, request, versions, version } = at;
      const summaries = versions.map((v) => ({
        number: v.number,
        createdAt: v.createdAt,
        decision: v.decision,
      }));
      const rate = version ? rateOf(version) : undefined;
      const comments =
        version && rate
          ? (await commentsOf(database, client.id, version.id, commentsPerVersionMax)).map((row) =>
              commentView(
                row,
                rate.rate,
                viewerId === undefined ? undefined : { side, id: viewerId },
              ),
            )
          : [];
      const latest = versions.at(-1);
      const heading = requestHeading(at);
      return {
        client: heading.client,
        request: { ...heading.request, brief: request.brief },
        state: requestState(summaries),
        versions: summaries,
        version:
          version && rate
            ? {
                number: version.number,
                createdAt: version.createdAt,
                decision: version.decision,
                decidedAt: version.decidedAt,
                frameRate: rate.text,
                rateRead: rate.read,
                durationMs: version.durationMs,
                hasPoster: version.hasPoster,
                hasPreview: version.hasPreview,
                latest: version.id === latest?.id,
                originalOpen: side === "team" || version.decision === "approved",
              }
            : null,
        comments,
        limits: { bodyMax: commentBodyMax, commentsMax: commentsPerVersionMax },
        previews: await deps.previewsOn(),
      };
    },

    /** The client's finished footage for one of its requests (the team's request page). */
    async footage(clientId: string, requestId: string): Promise<FootageItem[]> {
      const pair = await clientRequest(database, clientId, requestId);
      if (!pair) return [];
      const rows = await footageOf(database, pair.client.id, footageListCap, pair.request.id);
      return footageItems(rows, pair.client.plan);
    },

    /** A form posted on a version's page, by `actor`; undefined: no such version of theirs. */
    async act(
      actor: ReviewActor,
      clientId: string,
      requestId: string,
      number: number,
      form: URLSearchParams,
    ): Promise<ReviewOutcome | undefined> {
      const at = await found(clientId, requestId, number);
      if (!at?.version) return undefined;
      const { client, version, versions } = at;
      const intent = form.get("intent");
      const rate = rateOf(version);
      const add = async (
        row: Omit<
          CommentRow,
          | "id"
          | "versionId"
          | "clientId"
          | "resolvedAt"
          | "createdAt"
          | "authorSide"
          | "authorId"
          | "authorName"
        >,
      ) =>
        commentAdd(
          database,
          {
            id: newId(),
            versionId: version.id,
            clientId: client.id,
            authorSide: actor.side,
            authorId: actor.id,
            authorName: actor.name,
            resolvedAt: null,
            createdAt: now(),
            ...row,
          },
          commentsPerVersionMax,
        );
      if (intent === "comment" || intent === "reply") {
        const reply = intent === "reply";
        const parentId = reply ? (form.get("parentId") ?? "").toLowerCase() : null;
        if (reply && !uuidPattern.test(parentId ?? "")) {
          return { ok: false, error: words.comments.noParent };
        }
        const read = readComment(form, rate.rate, {
          lastFrame: lastFrame(version, rate.rate),
          reply,
        });
        if (!read.ok) return read;
        const stored = await add({
          parentId,
          frameIn: read.frameIn,
          frameOut: read.frameOut,
          body: read.body,
        });
        if (!stored) {
          const count = (await commentsOf(database, client.id, version.id, commentsPerVersionMax))
            .length;
          if (count >= commentsPerVersionMax) {
            return { ok: false, error: fill(words.comments.full, { max: commentsPerVersionMax }) };
          }
          return { ok: false, error: words.comments.noParent };
        }
        return { ok: true, notice: reply ? words.comments.replied : words.comments.added };
      }
      if (intent === "resolve" || intent === "reopen") {
        const commentId = (form.get("commentId") ?? "").toLowerCase();
        if (!uuidPattern.test(commentId)) return { ok: false, error: words.comments.notFound };
        const done = await commentResolve(database, {
          clientId: client.id,
          versionId: version.id,
          commentId,
          at: intent === "resolve" ? now() : null,
        });
        if (!done) return { ok: false, error: words.comments.notFound };
        return {
          ok: true,
          notice:
            intent === "resolve" ? words.comments.resolvedNotice : words.comments.reopenedNotice,
        };
      }
      if (intent === "approve" || intent === "changes") {
        if (actor.side !== "client") return { ok: false, error: words.decision.teamOnly };
        if (versions.at(-1)?.id !== version.id)
          return { ok: false, error: words.decision.notLatest };
        if (version.decision !== null) return { ok: false, error: words.decision.already };
        const note = (form.get("note") ?? "").replace(/\r\n/g, "\n").trim();
        if (note.length > commentBodyMax) {
          return { ok: false, error: fill(words.comments.tooLong, { max: commentBodyMax }) };
        }
        const decided = await versionDecide(database, {
          clientId: client.id,
          versionId: version.id,
          decision: intent === "approve" ? "approved" : "changes",
          personId: actor.id,
          now: now(),
        });
        if (!decided) return { ok: false, error: words.decision.already };
        // The decision is said as a comment (with the note, if any): the team hears of it in
        // the next batch of the client's comments.
        const said = intent === "approve" ? words.decided.approved : words.decided.changes;
        await add({
          parentId: null,
          frameIn: null,
          frameOut: null,
          body: note === "" ? `${said}.` : `${said}: ${note}`,
        });
        return {
          ok: true,
          notice:
            intent === "approve" ? words.decision.approvedNotice : words.decision.changesNotice,
        };
      }
      return { ok: false, error: words.comments.unknown };
    },

    /**
     * A version's file: poster and preview to either side; the original to the team always, to
     * the client once the version is approved; the markers to the team.
     */
    async file(
      side: "team" | "client",
      clientId: string,
      requestId: string,
      number: number,
      file: string,
      range: string | null,
    ): Promise<Response | undefined> {
      const at = await found(clientId, requestId, number);
      if (!at?.version) return undefined;
      const { client, request, version } = at;
      if (markerFiles.has(file)) {
        if (side !== "team") return undefined;
        const rate = rateOf(version);
        const frames =
          version.durationMs === null ? 1 : lastFrameOf(version.durationMs, rate.rate) + 1;
        const marked: MarkedVersion = {
          title: request.title,
          version: version.number,
          rate: rate.rate,
          frames,
        };
        const rows = await commentsOf(database, client.id, version.id, commentsPerVersionMax);
        const comments: VersionComment[] = rows
          .filter(
            (row) => row.frameIn !== null && row.frameIn < frames && (row.frameOut ?? 0) < frames,
          )
          .map((row) => ({
            id: row.id,
            frame: row.frameIn as number,
            outFrame: row.frameOut,
            author: row.authorName,
            text: row.body,
            resolved: row.resolvedAt !== null,
            createdAt: row.createdAt,
          }));
        const base = `${
          request.title
            .replace(/[^A-Za-z0-9 _-]/g, "")
            .trim()
            .replace(/ +/g, "-") || "cut"
        }-v${version.number}`;
        const [body, type, extension] =
          file === "markers.csv"
            ? [commentsCsv(marked, comments), "text/csv; charset=utf-8", "csv"]
            : file === "markers.edl"
              ? [commentsEdl(marked, comments), "text/plain; charset=utf-8", "edl"]
              : [
                  commentsFcpxml(marked, comments, { mediaSrc: `${base}.mp4` }),
                  "application/xml; charset=utf-8",
                  "fcpxml",
                ];
        return new Response(body, {
          headers: {
            "Content-Type": type,
            "Content-Disposition": `attachment; filename="${base}-markers.${extension}"`,
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "private, no-store",
          },
        });
      }
      if (file !== "original" && file !== "poster" && file !== "preview") return undefined;
      if (file === "original" && side === "client" && version.decision !== "approved") {
        return undefined;
      }
      const upload = await footageFileOf(database, client.id, version.uploadId);
      if (!upload) return undefined;
      if ((file === "poster" && !upload.hasPoster) || (file === "preview" && !upload.hasPreview)) {
        return undefined;
      }
      return footageResponse(deps.dataDir, upload, file, range);
    },

    /**
     * The job `cut-versions`: every cut the team finished (read by the media job, or at once
     * when this server reads nothing) becomes its request's next version, exactly once.
     */
    versionJob(options: {
      everyMs: number;
      uploadedBy: (uploadId: string) => Promise<string | null>;
    }): BackgroundJob {
      return {
        name: "cut-versions",
        everyMs: options.everyMs,
        async run() {
          const readsMedia = await deps.previewsOn();
          const waiting = await cutsWaiting(database, { readsMedia, limit: 100 });
          let told = 0;
          for (const cut of waiting) {
            const client = await clientById(database, cut.clientId);
            const applicationId = client?.applicationId;
            const tell =
              deps.cutReadyKind && applicationId
                ? { kind: deps.cutReadyKind, applicationId }
                : undefined;
            const made = await versionMake(
              database,
              {
                id: newId(),
                uploadId: cut.id,
                createdBy: await options.uploadedBy(cut.id),
                now: now(),
              },
              tell,
            );
            if (made !== undefined && tell) told += 1;
          }
          if (told > 0) deps.onVersionMade?.();
        },
      };
    },
  };
}

export type Review = ReturnType<typeof createReview>;
