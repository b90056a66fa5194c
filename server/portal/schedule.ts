import { createHash, createHmac, randomBytes } from "node:crypto";
import { portalSchedule } from "#app/content/portal-schedule.ts";
import { portalFeedPath, portalRequestPath } from "#app/shared/paths.ts";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import type {
  ApproveOutcome,
  CalendarView,
  PortalSchedulePort,
  PostPage,
  PostState,
  SavePostOutcome,
  ScheduleCalendar,
  SchedulePost,
  TeamSchedulePort,
} from "#app/shared/schedule-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { requestOfClient } from "../db/portal/client-requests.ts";
import { clientById } from "../db/portal/clients.ts";
import {
  approvedPostsOf,
  clientOfFeed,
  feedOf,
  feedWrite,
  newPostId,
  postApproval,
  postInsert,
  postOfClient,
  postOfRequest,
  postsBetween,
  postUpdate,
  type ScheduleRow,
} from "../db/portal/request-posts.ts";
import { clientRequest, requestHeading } from "./client-request.ts";
import { localParts, readPostForm } from "./post-input.ts";
import { postingCalendar } from "./posting-calendar.ts";

const dayMs = 24 * 60 * 60 * 1000;
/** The most posts a calendar page shows, and a feed holds. */
export const calendarPostsMax = 500;
export const feedPostsMax = 1000;
/** A feed's token: 32 bytes of HMAC-SHA256 in base64url. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** What the database keeps of a feed's token. */
export const hashFeedToken = (token: string): string =>
  createHash("sha256").update(token).digest("hex");

/**
 * The posting schedule (decision 0094): the team writes a post per request, the client approves
 * it, both see calendars, and each client has an iCal feed at a secret address. The feed's token
 * is an HMAC of the client's id and a random salt under the server's hashing key: the database
 * holds the salt and the token's SHA-256 only (a copy of it gives no feed address), and the
 * address can still be shown to its client again. Rotating draws a new salt: the old token's
 * hash is gone at once.
 */
export function createSchedule(deps: {
  database: DatabaseHandle;
  /** The server's hashing key (never in the database). */
  feedKey: string;
  siteUrl: string;
  now: () => number;
}) {
  const { database, now } = deps;
  const tokenOf = (clientId: string, salt: string) =>
    createHmac("sha256", deps.feedKey)
      .update(`posting-feed\0${clientId}\0${salt}`)
      .digest("base64url");
  const feedAddress = (token: string) => new URL(portalFeedPath(token), deps.siteUrl).href;

  async function feedUrl(clientId: string, rotate: boolean): Promise<string> {
    if (!rotate) {
      const found = await feedOf(database, clientId);
      if (found) return feedAddress(tokenOf(clientId, found.salt));
    }
    const salt = randomBytes(16).toString("base64url");
    const tokenHash = hashFeedToken(tokenOf(clientId, salt));
    await database.write(feedWrite(database.db, { clientId, salt, tokenHash, now: now() }, rotate));
    // A racing first ask may have made it: the stored one is the address.
    const stored = await feedOf(database, clientId);
    return feedAddress(tokenOf(clientId, stored?.salt ?? salt));
  }

  async function calendar(
    view: CalendarView,
    anchorText: string | null,
    clientId: string | undefined,
  ): Promise<ScheduleCalendar> {
    const today = isoDay(now());
    const anchor = readDay(anchorText) ?? Date.parse(`${today}T00:00:00Z`);
    const grid = gridOf(view, anchor);
    // A post's day is its day in its own zone: up to 14 hours either side of UTC's.
    const rows = await postsBetween(database, {
      from: grid.start - dayMs,
      to: grid.end + dayMs,
      clientId,
      limit: calendarPostsMax + 1,
    });
    const posts = rows.slice(0, calendarPostsMax).map(schedulePost);
    const days = [];
    for (let day = grid.start; day < grid.end; day += dayMs) {
      const date = isoDay(day);
      days.push({
        date,
        outside: grid.month !== undefined && new Date(day).getUTCMonth() !== grid.month,
        posts: posts.filter((post) => post.localDate === date),
      });
    }
    return {
      view,
      anchor: isoDay(anchor),
      previous: isoDay(grid.previous),
      next: isoDay(grid.next),
      today,
      days,
      truncated: rows.length > calendarPostsMax,
      shown: calendarPostsMax,
    };
  }

  async function videoApproved(requestId: string): Promise<boolean> {
    const row = await database.db
      .selectFrom("requestVersions")
      .select("id")
      .where("requestId", "=", requestId)
      .where("decision", "=", "approved")
      .executeTakeFirst();
    return row !== undefined;
  }

  const team: TeamSchedulePort = {
    async calendar(view, anchor, clientId) {
      const clients = await database.db
        .selectFrom("clients")
        .select(["id", "name"])
        .orderBy("name")
        .orderBy("id")
        .limit(1000)
        .execute();
      const known = clients.some((one) => one.id === clientId);
      // An unknown client shows nobody's posts, never everyone's.
      const shown = clientId === null ? undefined : known ? clientId : "";
      return { ...(await calendar(view, anchor, shown)), clients };
    },
    async postPage(clientId, requestId): Promise<PostPage | undefined> {
      const pair = await clientRequest(database, clientId, requestId);
      if (!pair) return undefined;
      const row = await postOfRequest(database, pair.client.id, pair.request.id);
      return {
        ...requestHeading(pair),
        post: row ? schedulePost(row) : null,
        videoApproved: row ? row.videoApproved : await videoApproved(pair.request.id),
        platforms: portalSchedule.platforms,
      };
    },
    async savePost(clientId, requestId, form, memberEmail): Promise<SavePostOutcome> {
      const request = await requestOfClient(database, clientId, requestId);
      if (!request) return { ok: false, error: "not_found" };
      const read = readPostForm(form, now());
      if (!read.ok) return { ok: false, error: "invalid", fieldErrors: read.fieldErrors };
      const existing = await postOfRequest(database, clientId, requestId);
      const revision = Number(form.get("revision") ?? "0");
      const at = now();
      if (!existing) {
        if (revision !== 0) return { ok: false, error: "changed" };
        const id = newPostId();
        const row = { ...read.post, id, requestId, clientId, by: memberEmail, now: at };
        const rows = await database.write(postInsert(database.db, row));
        return rows.length === 1
          ? { ok: true, revision: 1, changed: true }
          : { ok: false, error: "changed" };
      }
      if (existing.revision !== revision) return { ok: false, error: "changed" };
      const same =
        existing.platform === read.post.platform &&
        existing.at === read.post.at &&
        existing.timeZone === read.post.timeZone &&
        existing.caption === read.post.caption &&
        existing.hashtags === read.post.hashtags;
      if (same) return { ok: true, revision, changed: false };
      const row = { ...read.post, id: existing.id, clientId, revision, by: memberEmail, now: at };
      const rows = await database.write(postUpdate(database.db, row));
      return rows.length === 1
        ? { ok: true, revision: revision + 1, changed: true }
        : { ok: false, error: "changed" };
    },
    async feedUrl(clientId) {
      if (!(await clientById(database, clientId))) return undefined;
      return feedUrl(clientId, false);
    },
    async rotateFeed(clientId) {
      if (!(await clientById(database, clientId))) return undefined;
      return feedUrl(clientId, true);
    },
  };

  /** A feed by its token: the iCalendar text, or undefined (no such token, or not any more). */
  async function feed(token: string): Promise<string | undefined> {
    if (!tokenShape.test(token)) return undefined;
    const clientId = await clientOfFeed(database, hashFeedToken(token));
    if (!clientId) return undefined;
    const client = await clientById(database, clientId);
    if (!client) return undefined;
    const rows = await approvedPostsOf(database, clientId, feedPostsMax);
    return postingCalendar(
      client.name,
      rows.map((row) => ({
        id: row.id,
        platform: row.platform,
        at: row.at,
        timeZone: row.timeZone,
        caption: row.caption,
        hashtags: row.hashtags.split(" ").filter(Boolean),
        videoTitle: row.title,
        requestUrl: new URL(portalRequestPath(row.requestId), deps.siteUrl).href,
        updatedAt: Math.max(row.updatedAt, row.approvedAt ?? 0),
        revision: row.revision,
      })),
    );
  }

  /** The client's side, bound to the session's person (none: only the feed, by its token). */
  function forClient(person: PortalPerson | undefined): PortalSchedulePort {
    const signedIn = () => {
      if (!person) throw new Error("the posting schedule needs a signed-in person");
      return person;
    };
    return {
      feed,
      calendar: (view, anchor) => calendar(view, anchor, signedIn().clientId),
      async approve(postId, revision): Promise<ApproveOutcome> {
        const { clientId, personId } = signedIn();
        const row = await postOfClient(database, clientId, postId);
        if (!row) return { ok: false, error: "not_found" };
        if (!row.videoApproved) return { ok: false, error: "video" };
        if (row.revision !== revision) return { ok: false, error: "changed" };
        const rows = await database.write(
          postApproval(database.db, { id: postId, clientId, revision, personId, now: now() }),
        );
        return rows.length === 1 ? { ok: true } : { ok: false, error: "changed" };
      },
      feedUrl: () => feedUrl(signedIn().clientId, false),
      rotateFeed: () => feedUrl(signedIn().clientId, true),
    };
  }

  return { team, forClient };
}

export type Schedule = ReturnType<typeof createSchedule>;

function stateOf(row: ScheduleRow): PostState {
  if (!row.videoApproved) return "planned";
  if (row.approvedRevision === row.revision) return "approved";
  return row.approvedRevision === null ? "waiting" : "changed";
}

function schedulePost(row: ScheduleRow): SchedulePost {
  const local = localParts(row.at, row.timeZone);
  return {
    id: row.id,
    requestId: row.requestId,
    clientId: row.clientId,
    clientName: row.clientName,
    title: row.title,
    platform: row.platform,
    at: row.at,
    timeZone: row.timeZone,
    localDate: local.date,
    localTime: local.time,
    caption: row.caption,
    hashtags: row.hashtags.split(" ").filter(Boolean),
    revision: row.revision,
    state: stateOf(row),
    videoApproved: row.videoApproved,
  };
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A day from a query ("2026-12-01", years 2000–2100) as its midnight UTC; else undefined. */
function readDay(text: string | null): number | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const at = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(at) || isoDay(at) !== text) return undefined;
  const year = Number(text.slice(0, 4));
  return year >= 2000 && year <= 2100 ? at : undefined;
}

/** The days a view shows (Monday first, UTC dates), and where previous and next go. */
function gridOf(view: CalendarView, anchor: number) {
  const mondayOf = (at: number) => at - ((new Date(at).getUTCDay() + 6) % 7) * dayMs;
  if (view === "week") {
    const start = mondayOf(anchor);
    const end = start + 7 * dayMs;
    return { start, end, previous: start - 7 * dayMs, next: end, month: undefined };
  }
  const date = new Date(anchor);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  const nextFirst = Date.UTC(year, month + 1, 1);
  const start = mondayOf(Date.UTC(year, month, 1));
  const end = mondayOf(nextFirst - dayMs) + 7 * dayMs;
  return { start, end, previous: Date.UTC(year, month - 1, 1), next: nextFirst, month };
}
