import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkClip } from "#app/content/work/work.ts";
import { buildWorkClips, clipFiles, defaultBudgets } from "./build-clips.ts";
import { findFfmpeg, hasAudio, runFfmpeg } from "./ffmpeg.ts";

const ffmpeg = findFfmpeg();
// Without ffmpeg the build takes the committed files; its own test says so loudly, and CI,
// which installs Debian's ffmpeg, never skips it.
if (!ffmpeg) {
  if (process.env.CI) throw new Error("ffmpeg is required in CI (apt-get install ffmpeg)");
  console.warn("skipped: no ffmpeg (FFMPEG_PATH, or ffmpeg on the PATH)");
}
const scratch = await mkdtemp(path.join(tmpdir(), "work-clips-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The top-level boxes of an MP4, in order ("ftyp", "moov", "mdat"…). */
async function mp4Boxes(file: string): Promise<string[]> {
  const data = await readFile(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= data.length; ) {
    let size = data.readUInt32BE(at);
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    boxes.push(data.toString("latin1", at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

const operatorClip: WorkClip = {
  id: "my-reel",
  title: "My reel",
  niche: "Testing",
  caption: "A test pattern",
  alt: "A test pattern",
  order: 9,
  source: "my-reel.mp4",
};

describe.skipIf(!ffmpeg)("the build of the operator's clips (with ffmpeg)", () => {
  const sourceDir = path.join(scratch, "clips");
  beforeAll(async () => {
    await mkdir(sourceDir, { recursive: true });
    // Two seconds of a landscape test pattern with a tone: the build must crop it to 9:16,
    // drop the sound from the loops and keep it in the closer look.
    await runFfmpeg(ffmpeg!, [
      ...["-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=2"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest"],
      path.join(sourceDir, "my-reel.mp4"),
    ]);
  }, 60_000);

  it("makes posters, an AV1 and an H.264 loop without sound, faststart, and a closer look with sound", async () => {
    const outDir = path.join(scratch, "out");
    const { encoded } = await buildWorkClips({ clips: [operatorClip], sourceDir, outDir, ffmpeg });
    expect(encoded).toEqual(["my-reel"]);
    const files = clipFiles("my-reel");
    for (const poster of files.posters) {
      const meta = await sharp(path.join(outDir, poster.file)).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([
        poster.width,
        Math.round((poster.width * 16) / 9),
        poster.format === "avif" ? "heif" : "webp",
      ]);
    }
    for (const loop of [files.loopAv1, files.loopH264]) {
      const file = path.join(outDir, loop);
      const boxes = await mp4Boxes(file);
      expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
      expect(await hasAudio(ffmpeg!, file)).toBe(false);
      expect((await stat(file)).size).toBeLessThanOrEqual(defaultBudgets.loopBytes);
    }
    const info = (file: string) =>
      runFfmpeg(ffmpeg!, ["-i", path.join(outDir, file), "-f", "null", "-"]).then((r) => r.stderr);
    expect(await info(files.loopAv1)).toMatch(/Video: av1.* 540x960/);
    expect(await info(files.loopH264)).toMatch(/Video: h264.* 540x960/);
    expect(await info(files.look)).toMatch(/Video: h264.* 720x1280/);
    expect(await hasAudio(ffmpeg!, path.join(outDir, files.look))).toBe(true);
    const manifest = JSON.parse(await readFile(path.join(outDir, "manifest.json"), "utf8"));
    expect(manifest["my-reel"]).toMatchObject({ sound: true });

    // Unchanged: nothing is encoded again, and no ffmpeg is needed for it.
    const again = await buildWorkClips({
      clips: [operatorClip],
      sourceDir,
      outDir,
      ffmpeg: "/nonexistent/ffmpeg",
    });
    expect(again.encoded).toEqual([]);
    // A clip taken off the list takes its files with it.
    await buildWorkClips({ clips: [], sourceDir, outDir });
    expect(existsSync(path.join(outDir, files.loopH264))).toBe(false);
  }, 120_000);

  it("fails, naming the clip, when a loop is over the budget", async () => {
    const outDir = path.join(scratch, "over");
    const budgets = { ...defaultBudgets, loopBytes: 4 * 1024 };
    await expect(
      buildWorkClips({ clips: [operatorClip], sourceDir, outDir, ffmpeg, budgets }),
    ).rejects.toThrow(
      /work clip "my-reel" \(my-reel\.mp4\): its loop \((AV1|H\.264)\) is \d+ KB, over the budget of 4 KB/,
    );
  }, 120_000);
});

describe("the build without ffmpeg", () => {
  it("names the clip that needs ffmpeg, and the missing source", async () => {
    const sourceDir = path.join(scratch, "no-ffmpeg");
    await mkdir(sourceDir, { recursive: true });
    await writeFile(path.join(sourceDir, "my-reel.mp4"), "not really a video");
    const outDir = path.join(scratch, "no-ffmpeg-out");
    await expect(
      buildWorkClips({
        clips: [operatorClip],
        sourceDir,
        outDir,
        ffmpeg: undefined,
        findFfmpeg: () => undefined,
      }),
    ).rejects.toThrow(
      /work clip "my-reel" \(my-reel\.mp4\) needs ffmpeg to be built: install Debian's ffmpeg or set FFMPEG_PATH/,
    );
    await expect(
      buildWorkClips({ clips: [{ ...operatorClip, source: "gone.mp4" }], sourceDir, outDir }),
    ).rejects.toThrow(/work clip "my-reel": its source .*gone\.mp4 does not exist/);
  });
});
