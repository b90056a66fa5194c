import type { FootageItem } from "./footage-item.ts";
import type { RequestState, ReviewOutcome, ReviewPage } from "./review-port.ts";
import type { PortalSchedulePort } from "./schedule-port.ts";

/**
 * What the portal's routes may ask of the server (decision 0079): the client's side on /portal,
 * always bound to the person of this request's session, never to an id from the URL. The team's
 * pages about clients have their own ports (client-list-port.ts, client-page-port.ts,
 * portal-invite-port.ts, client-footage-port.ts: decision 0086).
 */

export type RateOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };
export type PortalLinkState = { state: "valid"; email: string } | { state: "expired" | "used" };

/** The person signed in on /portal, and their client. */
export interface PortalPerson {
  personId: string;
  clientId: string;
  email: string;
  clientName: string;
  plan: string;
}

export interface PortalRequest {
  id: string;
  title: string;
  brief: string;
  platform: string;
  wishedDate: string;
  /** The Monday 00:00 UTC (epoch ms) of the week its work starts. */
  startsWeek: number;
  createdAt: number;
  /** Where its video stands: no cut yet, a cut waiting for the client, changes asked, approved. */
  state: RequestState;
}

/** A client's space as its pages show it. */
export interface ClientSpace {
  client: { id: string; name: string; plan: string; videosPerWeek: number };
  /** The Monday 00:00 UTC of this week, and how many requests start in it. */
  thisWeek: number;
  requestsThisWeek: number;
  requests: PortalRequest[];
  /** The client's side: each request's finished footage, by request id (none: no footage). */
  footageByRequest?: Record<string, FootageSummary>;
}

/** A file of a request's footage, as its page shows it. */
export interface PortalFootage {
  id: string;
  /** The file's name as the person's device gave it, cleaned ("" when it had none). */
  name: string;
  size: number;
  /** The bytes the server holds: `size` once complete. */
  received: number;
  createdAt: number;
  completedAt: number | null;
  /** A finished file as the team's page shows it too (poster, preview, length, minutes flag); null until finished. */
  item: FootageItem | null;
}

/** One request's page: the request, and its footage (finished files newest first, then partial ones). */
export interface RequestPage {
  request: PortalRequest;
  thisWeek: number;
  footage: PortalFootage[];
  /** False when this server has no ffprobe/ffmpeg: no poster or preview is made. */
  previews: boolean;
}

/** A request's finished footage in numbers, under it in the client's list of requests. */
export interface FootageSummary {
  files: number;
  /** Over the plan's raw footage per video (`capMinutes`). */
  over: number;
  capMinutes: number | null;
  /** Not read yet by the server (0 when this server reads nothing: previews are off). */
  preparing: number;
}

export type NewRequestField = "title" | "brief" | "platform" | "wishedDate";
export type NewRequestOutcome =
  | { ok: true; request: PortalRequest; thisWeek: number }
  | { ok: false; fieldErrors: Partial<Record<NewRequestField, string>> };

export interface PortalPort {
  /** The person of this request's session; undefined: signed out (the guard let a public page through). */
  person?: PortalPerson;
  requestLink(email: string, ip: string): Promise<RateOutcome>;
  linkState(token: string): Promise<PortalLinkState>;
  /** Uses a link once: the session's Set-Cookie line, or why not. */
  useLink(
    token: string,
  ): Promise<{ ok: true; cookie: string } | { ok: false; state: "expired" | "used" }>;
  /** Ends this request's session: the Set-Cookie line that clears it. */
  signOut(): Promise<string>;
  /** The signed-in person's client space (undefined when signed out). */
  space(): Promise<ClientSpace | undefined>;
  /** One of the signed-in person's client's requests with its footage (undefined: not theirs, or none). */
  request(id: string): Promise<RequestPage | undefined>;
  /**
   * The plan's clock of one of the signed-in person's client's requests (decision 0093): when
   * its footage was marked complete, and its open cut's due time; undefined: not theirs.
   */
  clock(
    requestId: string,
  ): Promise<{ footageCompleteAt: number | null; dueAt: number | null } | undefined>;
  /**
   * Marks that request's footage complete (once); "delivered": left unmarked, its first cut came
   * first; "unknown": not theirs, or none.
   */
  markFootageComplete(requestId: string): Promise<"marked" | "already" | "delivered" | "unknown">;
  /** A new request on the signed-in person's client, checked. */
  createRequest(form: URLSearchParams): Promise<NewRequestOutcome>;
  /**
   * The poster or preview of one of the signed-in person's client's finished uploads, streamed
   * (`Range` honoured), or undefined: signed out, another client's upload, any other id or file.
   */
  footageFile(uploadId: string, file: string, range: string | null): Promise<Response | undefined>;
  /** A request's review: `version` undefined is the latest (the stable link). */
  review(requestId: string, version?: number): Promise<ReviewPage | undefined>;
  /** A comment, a reply, resolve / reopen, approve or ask for changes (the form's `intent`). */
  reviewAct(
    requestId: string,
    version: number,
    form: URLSearchParams,
  ): Promise<ReviewOutcome | undefined>;
  /** A version's poster, preview, or its original once approved (Range honoured). */
  versionFile(
    requestId: string,
    version: number,
    file: string,
    range: string | null,
  ): Promise<Response | undefined>;
  /** The posting schedule (decision 0094): the client's calendar, approvals and feed. */
  schedule: PortalSchedulePort;
}
