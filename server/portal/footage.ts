import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { FootageFile, FootageItem } from "#app/shared/portal-port.ts";
import type { FootageRow } from "../db/portal/upload-media.ts";
import { footageMinutes } from "../media/footage-minutes.ts";
import { posterFile, previewFile, uploadFile } from "../media/media-files.ts";

/** The most uploads a client's page lists (newest first). */
export const footageListCap = 200;

/** A client's finished uploads as the team's page shows them, the minutes flag derived here. */
export function footageItems(rows: readonly FootageRow[], plan: string): FootageItem[] {
  return rows.map((row) => {
    const media = row.media;
    const state =
      media?.state === "ready" || media?.state === "unreadable" ? media.state : "waiting";
    const durationMs = state === "ready" ? (media?.durationMs ?? null) : null;
    return {
      id: row.id,
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
