import path from "node:path";
import { runTool } from "./run-tool.ts";

/** Debian's ffprobe and ffmpeg, as found on this machine. */
export interface MediaTools {
  ffprobe: string;
  ffmpeg: string;
}

/**
 * Where ffmpeg and ffprobe are: FFMPEG_PATH (else `ffmpeg` on the PATH), and FFPROBE_PATH
 * (else the `ffprobe` beside FFMPEG_PATH when that is a path, else `ffprobe` on the PATH).
 */
export function mediaToolPaths(config: {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
}): MediaTools {
  const ffmpeg = config.FFMPEG_PATH?.trim() || "ffmpeg";
  const beside = ffmpeg.includes("/") ? path.join(path.dirname(ffmpeg), "ffprobe") : "ffprobe";
  return { ffmpeg, ffprobe: config.FFPROBE_PATH?.trim() || beside };
}

/** The tools when both run (`-version` answers), else undefined. */
export async function findMediaTools(config: {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
}): Promise<MediaTools | undefined> {
  const tools = mediaToolPaths(config);
  const answers = await Promise.all(
    [tools.ffprobe, tools.ffmpeg].map((command) =>
      runTool(command, ["-version"], { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 }),
    ),
  );
  return answers.every((answer) => answer.ok) ? tools : undefined;
}
