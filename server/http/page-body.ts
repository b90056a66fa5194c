import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Context } from "hono";
import { paths, portalPaths, teamPaths } from "#app/shared/paths.ts";

/** The largest questionnaire a form post may carry (urlencoded; ten answers fit many times). */
export const maxFormBytes = 64 * 1024;
/**
 * How much of a refused body is read (and dropped) so that the answer can be read: a socket
 * closed with unread bytes in it is reset, and the browser then shows a network error instead
 * of our page. A larger body is not waited for: the answer goes out with `Connection: close`.
 */
export const drainBytes = 1024 * 1024;

/**
 * The largest form a /team page may post: a status, a note, an address, or a reply of up to
 * 10,000 characters, which urlencoded can take nine bytes a character (%E2%82%AC).
 */
export const maxTeamFormBytes = 128 * 1024;

/**
 * The paths whose POST is the questionnaire's action: the page (React Router matches it in any
 * case, with or without a trailing slash), and React Router's data request for it.
 */
export function isFormActionPath(path: string): boolean {
  const action = paths.onboarding.toLowerCase();
  const wanted = path.toLowerCase();
  return wanted === action || wanted === `${action}/` || wanted === `${action}.data`;
}

/**
 * A path as React Router matches it against the team's routes: in any letter case (its routes
 * are not case-sensitive: /TEAM is the inbox), and repeated slashes taken as one. The guard
 * looks at this form, so no spelling of a /team page slips past it.
 */
export function teamPathKey(path: string): string {
  return path.toLowerCase().replace(/\/{2,}/g, "/");
}

/** /team, /team/… and React Router's data requests for them (/team.data, /team/….data). */
export function isTeamPath(path: string): boolean {
  const team = teamPaths.inbox;
  const key = teamPathKey(path);
  return key === team || key === `${team}.data` || key.startsWith(`${team}/`);
}

/** The largest form a /portal page may post: a request's brief of up to 5,000 characters. */
export const maxPortalFormBytes = 64 * 1024;

/** /portal, /portal/… and React Router's data requests for them, spelt as teamPathKey does. */
export function isPortalPath(path: string): boolean {
  const portal = portalPaths.home;
  const key = teamPathKey(path);
  return key === portal || key === `${portal}.data` || key.startsWith(`${portal}/`);
}

/**
 * How large a form a page route may be posted: the questionnaire's action takes maxFormBytes,
 * the team's pages (their guard has checked the session and the origin) maxTeamFormBytes;
 * any other page takes no body at all (undefined).
 */
export function formLimitOf(path: string): number | undefined {
  if (isFormActionPath(path)) return maxFormBytes;
  if (isTeamPath(path)) return maxTeamFormBytes;
  if (isPortalPath(path)) return maxPortalFormBytes;
  return undefined;
}

export type PageBody =
  /** `body`: the whole urlencoded form (a POST to the action); absent for GET and HEAD. */
  | { ok: true; body?: Uint8Array<ArrayBuffer> }
  /**
   * Refused before parsing: 405 any other method or path, 413 over maxFormBytes, 415 not
   * urlencoded (multipart included), 400 the client went away mid-body. `complete`: the whole
   * body has arrived (else the connection is to be closed).
   */
  | { ok: false; status: 400 | 405 | 413 | 415; complete: boolean };

const withBody = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * The body of a request to a page route, bounded before anything parses it. Only the
 * questionnaire's action and the team's pages take one (formLimitOf), urlencoded.
 * Everything else is refused without reading the body (at most drainBytes are dropped).
 */
export async function readPageBody(c: Context): Promise<PageBody> {
  const method = c.req.method;
  if (!withBody(method)) return { ok: true };
  const stream = bodyStream(c);
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  const refuse = async (status: 400 | 405 | 413 | 415): Promise<PageBody> => {
    // A declared length too long to drop in time: answered at once, the connection closed.
    if (declared > drainBytes || !stream) return { ok: false, status, complete: !stream };
    const { ended } = await readUpTo(stream, 0, drainBytes);
    return { ok: false, status, complete: ended };
  };

  const limit = formLimitOf(c.req.path);
  if (method !== "POST" || limit === undefined) return refuse(405);
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return refuse(415);
  if (declared > limit) return refuse(413);
  if (!stream) return { ok: true, body: new Uint8Array() };
  const read = await readUpTo(stream, limit, drainBytes);
  if (read.body) return { ok: true, body: read.body };
  return { ok: false, status: read.total > limit ? 413 : 400, complete: read.ended };
}

/** The request body as a Node stream: the socket's own, or (app.request() in tests) the web one. */
export function bodyStream(c: Context): Readable | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as WebReadableStream) : undefined;
}

/**
 * Reads `stream` until it ends, keeping its bytes while there are at most `keep` of them, and
 * stops (pausing it, never destroying it: the answer still has to go out on that socket) once
 * more than `limit` have come. `body` is set when it ended within `keep`.
 */
export function readUpTo(
  stream: Readable,
  keep: number,
  limit: number,
): Promise<{ body?: Uint8Array<ArrayBuffer>; ended: boolean; total: number }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (ended: boolean) => {
      if (done) return;
      done = true;
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onStop);
      stream.off("close", onStop);
      if (!ended) stream.pause();
      const body = ended && total <= keep ? new Uint8Array(Buffer.concat(chunks)) : undefined;
      resolve({ body, ended, total });
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= keep) chunks.push(chunk);
      else chunks.length = 0;
      if (total > limit) finish(false);
    };
    const onEnd = () => finish(true);
    const onStop = () => finish(stream.readableEnded);
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onStop);
    stream.on("close", onStop);
    if (stream.readableEnded) finish(true);
  });
}
