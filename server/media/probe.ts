import type { MediaFacts } from "../db/portal/upload-media.ts";
import { runTool, type ToolFailure } from "./run-tool.ts";
import type { MediaTools } from "./tools.ts";

/**
 * The demuxers ffprobe and ffmpeg may use on an upload: video, audio and picture containers.
 * Not playlists (hls, concat): a file naming other files could read the server's own.
 */
export const allowedFormats = [
  "mov",
  "mp4",
  "m4a",
  "3gp",
  "3g2",
  "mj2",
  "matroska",
  "webm",
  "avi",
  "mpegts",
  "mpeg",
  "flv",
  "asf",
  "mxf",
  "dv",
  "ogg",
  "mp3",
  "wav",
  "w64",
  "aac",
  "flac",
  "aiff",
  "caf",
  "gif",
  "png_pipe",
  "jpeg_pipe",
  "webp_pipe",
  "bmp_pipe",
  "tiff_pipe",
].join(",");

/** The options before every `-i` on an upload: these demuxers, files only. */
export const inputGuards = ["-format_whitelist", allowedFormats, "-protocol_whitelist", "file"];

/** The most ffprobe may print about one file (a few streams print ~2 KB). */
export const maxProbeOutputBytes = 256 * 1024;

export type ProbeOutcome =
  | { ok: true; facts: MediaFacts }
  /** ffprobe read it and found no video, audio or picture: not to be tried again. */
  | { ok: false; final: true; reason: string }
  /** It may go better another time (too slow, the tool away). */
  | { ok: false; final: false; reason: string };

/** What one file is, by ffprobe, within `timeoutMs`. */
export async function probeFile(
  tools: MediaTools,
  file: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<ProbeOutcome | { ok: false; aborted: true }> {
  const result = await runTool(
    tools.ffprobe,
    [
      "-hide_banner",
      "-v",
      "error",
      ...inputGuards,
      "-show_entries",
      "format=duration,format_name:stream=codec_type,codec_name,width,height,r_frame_rate:stream_side_data=rotation:stream_disposition=attached_pic",
      "-of",
      "json",
      `file:${file}`,
    ],
    { timeoutMs: options.timeoutMs, maxOutputBytes: maxProbeOutputBytes, signal: options.signal },
  );
  if (!result.ok) {
    if (result.why === "aborted") return { ok: false, aborted: true };
    return failure(result, options.timeoutMs);
  }
  return factsOf(result.stdout);
}

function failure(
  result: Exclude<ToolFailure, { why: "aborted" }>,
  timeoutMs: number,
): ProbeOutcome {
  switch (result.why) {
    case "timeout":
      return {
        ok: false,
        final: false,
        reason: `Reading it took longer than ${inWords(timeoutMs)}`,
      };
    case "output":
      return { ok: false, final: true, reason: "It describes itself at a length no video does" };
    case "spawn":
      return { ok: false, final: false, reason: "ffprobe could not be started" };
    case "exit":
      return {
        ok: false,
        final: true,
        reason: `Not a video, audio or picture file ffprobe can read (${lastLine(result.stderr)})`,
      };
  }
}

/** A time limit as said to the team: "300 ms", "30 s". */
export const inWords = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** ffprobe's last line of complaint, without the file's path, short and printable. */
export function lastLine(stderr: string): string {
  const line =
    stderr
      .split("\n")
      .map((one) => one.trim())
      .filter(Boolean)
      .at(-1) ?? "no reason given";
  return line
    .replace(/^\S*file:\S*?:\s*/, "")
    .replace(/^\[[^\]]*\]\s*/, "")
    .replace(/[^\x20-\x7e]/g, "")
    .slice(0, 160);
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
    side_data_list?: { rotation?: number }[];
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string; format_name?: string };
}

const pictureFormats = /(^|,)(\w+_pipe|image2)(,|$)/;

/** The facts from ffprobe's JSON (`-show_entries` above), or why there are none. */
export function factsOf(stdout: string): ProbeOutcome {
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(stdout) as ProbeJson;
  } catch {
    return { ok: false, final: true, reason: "ffprobe's answer about it was not readable" };
  }
  const streams = Array.isArray(parsed.streams) ? parsed.streams : [];
  const video = streams.find(
    (stream) => stream.codec_type === "video" && stream.disposition?.attached_pic !== 1,
  );
  const audio = streams.find((stream) => stream.codec_type === "audio");
  if (!video && !audio) {
    return { ok: false, final: true, reason: "No video, audio or picture in it" };
  }
  const formatName = String(parsed.format?.format_name ?? "");
  const kind = !video ? "audio" : pictureFormats.test(formatName) ? "image" : "video";
  const seconds = Number(parsed.format?.duration);
  const durationMs =
    kind !== "image" && Number.isFinite(seconds) && seconds >= 0
      ? Math.round(seconds * 1000)
      : null;
  const rotation = Number(video?.side_data_list?.find((data) => "rotation" in data)?.rotation ?? 0);
  const turned = Math.abs(rotation) % 180 === 90;
  const size = (value: unknown) =>
    Number.isInteger(value) && (value as number) > 0 ? (value as number) : null;
  const width = size(video?.width);
  const height = size(video?.height);
  const rate = video?.r_frame_rate ?? "";
  return {
    ok: true,
    facts: {
      kind,
      format: /^[a-z0-9_]{1,30}/.exec(formatName)?.[0] ?? null,
      durationMs,
      width: turned ? height : width,
      height: turned ? width : height,
      rotation: video ? ((Math.round(rotation) % 360) + 360) % 360 : null,
      frameRate: kind === "video" && /^[1-9]\d{0,8}\/[1-9]\d{0,8}$/.test(rate) ? rate : null,
      videoCodec: video?.codec_name?.slice(0, 40) ?? null,
      audioCodec: audio?.codec_name?.slice(0, 40) ?? null,
      hasAudio: audio !== undefined,
    },
  };
}
