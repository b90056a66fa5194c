import { rename, rm } from "node:fs/promises";
import type { MediaFacts } from "../db/portal/upload-media.ts";
import { inputGuards, inWords, lastLine } from "./probe.ts";
import { runTool } from "./run-tool.ts";
import type { MediaTools } from "./tools.ts";

export type RenditionOutcome =
  | { ok: true }
  | { ok: false; aborted: true }
  | { ok: false; aborted?: false; reason: string };

/** The poster: one JPEG frame, 360 px wide at most, from about 1 s in (a picture: itself). */
export function posterArgs(source: string, target: string, facts: MediaFacts): string[] {
  const seconds = facts.durationMs === null ? 0 : Math.min(1, facts.durationMs / 2000);
  return [
    ...(facts.kind === "video" && seconds > 0 ? ["-ss", seconds.toFixed(3)] : []),
    ...inputGuards,
    "-i",
    `file:${source}`,
    "-map",
    "0:v:0",
    "-frames:v",
    "1",
    "-vf",
    "scale='min(360,trunc(iw/2)*2)':-2",
    "-q:v",
    "4",
    "-f",
    "mjpeg",
    `file:${target}`,
  ];
}

/**
 * The preview: H.264 (yuv420p, veryfast, CRF 28 capped at 500 kbit/s), 540 px high at most,
 * AAC 64 kbit/s when the source has sound, the index first (faststart), never longer than the
 * source.
 */
export function previewArgs(source: string, target: string, facts: MediaFacts): string[] {
  return [
    ...inputGuards,
    "-i",
    `file:${source}`,
    "-map",
    "0:v:0",
    ...(facts.hasAudio ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", "64k", "-ac", "2"] : []),
    ...(facts.durationMs ? ["-t", (facts.durationMs / 1000).toFixed(3)] : []),
    "-vf",
    "scale=-2:'min(540,trunc(ih/2)*2)',format=yuv420p",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "28",
    "-maxrate",
    "500k",
    "-bufsize",
    "1000k",
    "-movflags",
    "+faststart",
    "-map_metadata",
    "-1",
    "-f",
    "mp4",
    `file:${target}`,
  ];
}

/**
 * Runs ffmpeg with `args` writing `target`.part, then renames it to `target`: a file at
 * `target` is always whole. Killed at `timeoutMs`; the part file is removed on failure.
 */
export async function render(
  tools: MediaTools,
  make: (source: string, target: string, facts: MediaFacts) => string[],
  source: string,
  target: string,
  facts: MediaFacts,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<RenditionOutcome> {
  const part = `${target}.part`;
  const result = await runTool(
    tools.ffmpeg,
    ["-hide_banner", "-nostdin", "-v", "error", "-y", ...make(source, part, facts)],
    { timeoutMs: options.timeoutMs, maxOutputBytes: 64 * 1024, signal: options.signal },
  );
  if (result.ok) {
    await rename(part, target);
    return { ok: true };
  }
  await rm(part, { force: true });
  if (result.why === "aborted") return { ok: false, aborted: true };
  const reason =
    result.why === "timeout"
      ? `took longer than ${inWords(options.timeoutMs)}`
      : result.why === "spawn"
        ? "ffmpeg could not be started"
        : result.why === "output"
          ? "ffmpeg printed too much"
          : `ffmpeg failed (${lastLine(result.stderr)})`;
  return { ok: false, reason };
}
