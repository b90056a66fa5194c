import { spawn, spawnSync } from "node:child_process";

/**
 * Debian's ffmpeg, called directly (DESIGN.md: no ffmpeg-static, whose install downloads a
 * binary): FFMPEG_PATH when set, else `ffmpeg` on the PATH. Undefined when neither runs.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.FFMPEG_PATH?.trim() || "ffmpeg";
  const probe = spawnSync(candidate, ["-hide_banner", "-version"], { stdio: "ignore" });
  return probe.status === 0 ? candidate : undefined;
}

/**
 * Runs ffmpeg with `args` (quiet, never asks), feeding `input` to its stdin when given.
 * Resolves with stdout and stderr; rejects with the end of stderr when it fails.
 */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  input?: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", "-y", ...args], {
      stdio: [input ? "pipe" : "ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString("utf8")).slice(-20_000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err });
      else reject(new Error(`ffmpeg ${args.join(" ")} failed (${code}):\n${err.slice(-2_000)}`));
    });
    if (input && child.stdin) {
      const stdin = child.stdin;
      stdin.on("error", () => {});
      (async () => {
        for await (const chunk of input) {
          if (!stdin.write(chunk)) await new Promise((r) => stdin.once("drain", r));
        }
        stdin.end();
      })().catch(reject);
    }
  });
}

/** Whether the file ffmpeg opens has an audio stream (from what `ffmpeg -i` prints). */
export async function hasAudio(ffmpeg: string, file: string): Promise<boolean> {
  const result = spawnSync(ffmpeg, ["-hide_banner", "-i", file], { encoding: "utf8" });
  return /Stream #\S+.*: Audio:/.test(result.stderr ?? "");
}
