import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";

/** Whether Debian's ffmpeg and ffprobe run here (the media tests need both). */
export function mediaToolsHere(): boolean {
  return ["ffmpeg", "ffprobe"].every(
    (tool) => spawnSync(tool, ["-version"], { stdio: "ignore" }).status === 0,
  );
}

function ffmpeg(args: string[]) {
  const made = spawnSync("ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args], {
    encoding: "utf8",
  });
  if (made.status !== 0) throw new Error(`ffmpeg ${args.join(" ")}: ${made.stderr}`);
}

export interface MediaFixtures {
  /** 3.003 s of 1280×720 H.264 at 30000/1001 fps with a sine in AAC. */
  video: string;
  /** 2 s of 640×360 H.264 at 25 fps, no sound. */
  silent: string;
  /** `silent` filmed on its side: stored 640×360, shown 360×640 (a 90° display matrix). */
  rotated: string;
  /** An 800×600 PNG. */
  picture: string;
  /** 64 KiB of random bytes: nothing ffprobe can read. */
  noise: string;
}

/** Real files made with Debian's ffmpeg in `dir` (a second or two on two cores). */
export function makeMediaFixtures(dir: string): MediaFixtures {
  const files = {
    video: path.join(dir, "video.mp4"),
    silent: path.join(dir, "silent.mp4"),
    rotated: path.join(dir, "rotated.mp4"),
    picture: path.join(dir, "picture.png"),
    noise: path.join(dir, "noise.bin"),
  };
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30000/1001"],
    ...["-f", "lavfi", "-i", "sine=frequency=440"],
    ...["-t", "3", "-shortest", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"],
    files.video,
  ]);
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-t", "2"],
    ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"],
    files.silent,
  ]);
  ffmpeg(["-i", files.silent, "-c", "copy", "-metadata:s:v", "rotate=90", files.rotated]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=800x600", "-frames:v", "1", files.picture]);
  writeFileSync(files.noise, randomBytes(64 * 1024));
  return files;
}

/** What ffprobe says of a file's first video stream and its format (tests' own reading). */
export function probed(file: string) {
  const result = spawnSync(
    "ffprobe",
    [
      ...["-v", "error", "-show_entries"],
      "format=duration,bit_rate,format_name:stream=codec_type,codec_name,width,height",
      ...["-of", "json", file],
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`ffprobe ${file}: ${result.stderr}`);
  return JSON.parse(result.stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration?: string; bit_rate?: string; format_name: string };
  };
}
