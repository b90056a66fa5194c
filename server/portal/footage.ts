import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { FootageFile } from "#app/shared/client-footage-port.ts";
import type { FootageItem } from "#app/shared/footage-item.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import type { FootageSummary } from "#app/shared/portal-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { type FootageRow, footageFileOf, footageOf } from "../db/portal/upload-media.ts";
import { footageMinutes } from "../media/footage-minutes.ts";
import { posterFile, previewFile, uploadFile } from "../media/media-files.ts";

/** The most uploads a client's page, or one of its requests' pages, lists (newest first). */
export const footageListCap = 200;
/** The most finished uploads the client's list of requests sums up (the newest). */
export const footageSummaryCap = 2000;

/** A client's finished uploads as the team's page shows them, the minutes flag derived here. */
export function footageItems(rows: readonly FootageRow[], plan: string): FootageItem[] {
  return rows.map((row) => {
    const media = row.media;
    const state =
      media?.state === "ready" || media?.state === "unreadable" ? media.state : "waiting";
    const durationMs = state === "ready" ? (media?.durationMs ?? null) : null;
    return {
      id: row.id,
      name: row.displayName,
      requestId: row.requestId,
      size: row.size,
      completedAt: row.completedAt,
      state,
      kind: state === "ready" ? (media?.kind ?? null) : null,
      durationMs,
      width: state === "ready" ? (media?.width ?? null) : null,
      height: state === "ready" ? (media?.height ?? null) : null,
      frameRate: state === "ready" ? (media?.frameRate ?? null) : null,
      hasAudio: state === "ready" ? (media?.hasAudio ?? null) : null,
      hasPoster: state === "ready" && media?.hasPoster === true,
      hasPreview: state === "ready" && media?.hasPreview === true,
      reason: state === "unreadable" ? (media?.reason ?? null) : null,
      minutes: footageMinutes(durationMs, plan),
    };
  });
}

const footageFiles = new Set<string>(["original", "poster", "preview"]);
export const isFootageFile = (file: string): file is FootageFile => footageFiles.has(file);

/** Extensions for the download's name, by ffprobe's container name (else none). */
const extensions: Record<string, string> = {
  mov: "mp4",
  matroska: "mkv",
  avi: "avi",
  mpegts: "ts",
  mpeg: "mpg",
  flv: "flv",
  asf: "wmv",
  mxf: "mxf",
  dv: "dv",
  ogg: "ogg",
  mp3: "mp3",
  wav: "wav",
  aac: "aac",
  flac: "flac",
  aiff: "aiff",
  caf: "caf",
  gif: "gif",
  png_pipe: "png",
  jpeg_pipe: "jpg",
  webp_pipe: "webp",
  bmp_pipe: "bmp",
  tiff_pipe: "tif",
};

/** The original's name when downloaded: made by us (the date and the id's start), never a user's. */
export function originalName(upload: { id: string; completedAt: number; format: string | null }) {
  const day = new Date(upload.completedAt).toISOString().slice(0, 10);
  const extension = upload.format ? extensions[upload.format] : undefined;
  return `footage-${day}-${upload.id.slice(0, 8)}${extension ? `.${extension}` : ""}`;
}

/**
 * `Range: bytes=…` of a file of `size` bytes, one range only (a player's and a resumed
 * download's): the first and last byte, "unsatisfiable", or undefined (none, or several, or
 * malformed: the whole file is sent, as RFC 9110 allows).
 */
export function byteRange(
  header: string | null,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/**
 * One file of an upload, streamed from disk: the original as a download
 * (`application/octet-stream`, `attachment`), the poster and the preview to show (JPEG, MP4).
 * Always `nosniff`, no caching, a sandboxing policy; `Range` honoured (206, 416). Undefined
 * when the file is not there.
 */
export async function footageResponse(
  dataDir: string,
  upload: { id: string; completedAt: number; format: string | null },
  file: FootageFile,
  range: string | null,
): Promise<Response | undefined> {
  const location =
    file === "original"
      ? uploadFile(dataDir, upload.id)
      : file === "poster"
        ? posterFile(dataDir, upload.id)
        : previewFile(dataDir, upload.id);
  const found = await stat(location).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  const size = found.size;
  const headers = new Headers({
    "Content-Type":
      file === "original"
        ? "application/octet-stream"
        : file === "poster"
          ? "image/jpeg"
          : "video/mp4",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Accept-Ranges": "bytes",
  });
  if (file === "original") {
    headers.set("Content-Disposition", `attachment; filename="${originalName(upload)}"`);
  }
  const wanted = byteRange(range, size);
  if (wanted === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = wanted ?? { start: 0, end: size - 1 };
  headers.set("Content-Length", String(size === 0 ? 0 : end - start + 1));
  if (wanted) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const body =
    size === 0
      ? null
      : (Readable.toWeb(createReadStream(location, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: wanted ? 206 : 200, headers });
}

/**
 * One file of one of `clientId`'s finished uploads, streamed (footageResponse), when `file` is
 * one of `files` and exists: the team's routes ask for any of the three, a client's for what
 * the job made (poster, preview). Undefined for anything else: a malformed id, another
 * client's upload, a file not made.
 */
export async function clientFootageFile(
  database: Pick<DatabaseHandle, "db">,
  dataDir: string,
  request: { clientId: string; uploadId: string; file: string; range: string | null },
  files: readonly FootageFile[],
): Promise<Response | undefined> {
  const { clientId, uploadId, file, range } = request;
  if (!uuidPattern.test(clientId) || !uuidPattern.test(uploadId) || !isFootageFile(file)) {
    return undefined;
  }
  if (!files.includes(file)) return undefined;
  const upload = await footageFileOf(database, clientId.toLowerCase(), uploadId.toLowerCase());
  if (!upload) return undefined;
  if ((file === "poster" && !upload.hasPoster) || (file === "preview" && !upload.hasPreview)) {
    return undefined;
  }
  return footageResponse(dataDir, upload, file, range);
}

/**
 * Each request's finished footage in numbers (files, over the plan's minutes, not read yet),
 * by request id, over the client's newest `footageSummaryCap` finished uploads. Without ffmpeg
 * (`reads` false) nothing is being prepared.
 */
export async function footageSummaries(
  database: Pick<DatabaseHandle, "db">,
  client: { id: string; plan: string },
  reads: boolean,
): Promise<Record<string, FootageSummary>> {
  const rows = await footageOf(database, client.id, footageSummaryCap);
  const items = footageItems(rows, client.plan);
  const summaries: Record<string, FootageSummary> = {};
  rows.forEach((row, index) => {
    const item = items[index];
    if (!row.requestId || !item) return;
    const summary = summaries[row.requestId] ?? {
      files: 0,
      over: 0,
      capMinutes: null,
      preparing: 0,
    };
    summaries[row.requestId] = summary;
    summary.files += 1;
    if (item.minutes.over) {
      summary.over += 1;
      summary.capMinutes = item.minutes.capMinutes;
    }
    if (reads && item.state === "waiting") summary.preparing += 1;
  });
  return summaries;
}
