import { portKey } from "./team-port.ts";

/**
 * The posting schedule (issue 39, decision 0094): what its pages may ask of the server. The
 * client's side hangs on the portal's port (`PortalPort.schedule`, bound to the session's
 * client); the team's pages reach `teamSchedulePort`, made for a signed-in member only.
 * Types only, and the key.
 */

export type CalendarView = "week" | "month";

/**
 * approved: the client approved this revision (and the video): in the feed. waiting: the video
 * is approved, the post not yet. changed: approved once, changed by the team since. planned:
 * the video is not approved yet (the post cannot be approved before it).
 */
export type PostState = "approved" | "waiting" | "changed" | "planned";

export interface SchedulePost {
  id: string;
  requestId: string;
  clientId: string;
  clientName: string;
  /** The request's title (the video's). */
  title: string;
  platform: string;
  /** The planned instant (epoch ms). */
  at: number;
  timeZone: string;
  /** The planned date and time in its own zone: "2026-12-01", "17:00". */
  localDate: string;
  localTime: string;
  caption: string;
  hashtags: string[];
  revision: number;
  state: PostState;
  videoApproved: boolean;
}

export interface ScheduleDay {
  /** YYYY-MM-DD. */
  date: string;
  /** Not of the month shown (the month grid's leading and trailing days). */
  outside: boolean;
  posts: SchedulePost[];
}

/** A week (Monday to Sunday) or a month (its weeks, Monday first) of posts. */
export interface ScheduleCalendar {
  view: CalendarView;
  /** The day asked for (YYYY-MM-DD), and the first days of the previous and next ones. */
  anchor: string;
  previous: string;
  next: string;
  today: string;
  days: ScheduleDay[];
  /** More posts than a page shows were in the time: only the first `shown`. */
  truncated: boolean;
  shown: number;
}

export type ApproveOutcome = { ok: true } | { ok: false; error: "not_found" | "changed" | "video" };

/** The client's side of the schedule (bound to the session's client). */
export interface PortalSchedulePort {
  calendar(view: CalendarView, anchor: string | null): Promise<ScheduleCalendar>;
  approve(postId: string, revision: number): Promise<ApproveOutcome>;
  /** The client's feed address (made on first ask). */
  feedUrl(): Promise<string>;
  /** A new feed address: the old one answers 404 from now on. */
  rotateFeed(): Promise<string>;
  /** A feed by its secret token (no session needed): the iCalendar text, or undefined. */
  feed(token: string): Promise<string | undefined>;
}

export type PostField = "platform" | "date" | "time" | "timeZone" | "caption" | "hashtags";

export interface PostPage {
  client: { id: string; name: string };
  request: { id: string; title: string; platform: string; wishedDate: string };
  post: SchedulePost | null;
  videoApproved: boolean;
  platforms: readonly string[];
}

export type SavePostOutcome =
  | { ok: true; revision: number; changed: boolean }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "changed" }
  | { ok: false; error: "invalid"; fieldErrors: Partial<Record<PostField, string>> };

/** The team's side: every client's posts, a request's post, each client's feed. */
export interface TeamSchedulePort {
  calendar(
    view: CalendarView,
    anchor: string | null,
    clientId: string | null,
  ): Promise<ScheduleCalendar & { clients: { id: string; name: string }[] }>;
  postPage(clientId: string, requestId: string): Promise<PostPage | undefined>;
  savePost(
    clientId: string,
    requestId: string,
    form: URLSearchParams,
    memberEmail: string,
  ): Promise<SavePostOutcome>;
  /** A client's feed address (made on first ask); undefined: no such client. */
  feedUrl(clientId: string): Promise<string | undefined>;
  rotateFeed(clientId: string): Promise<string | undefined>;
}

export const teamSchedulePort = portKey<TeamSchedulePort>("schedule");
