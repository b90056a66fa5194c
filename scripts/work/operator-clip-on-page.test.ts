import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { work } from "#app/content/work/work.ts";
import { chromiumFlags, testChromiumPath } from "../../tests/chromium.ts";
import { type Instance, startInstance } from "../../tests/reliability/support/instance.ts";
import { findFfmpeg, runFfmpeg } from "./ffmpeg.ts";

/**
 * The operator's side of the work band, whole: a clip dropped into app/content/work/clips/ and
 * listed in work.ts goes through `npm run build` (in a copy of the project, so the repository's
 * own files stay as they are) and shows on `/` as served by that build: its poster, its loop
 * playing, its line of context, its closer look. build-clips.test.ts checks the files the build
 * makes; this checks that the page shows them.
 */
const ffmpeg = findFfmpeg();
if (!ffmpeg) {
  if (process.env.CI) throw new Error("ffmpeg is required in CI (apt-get install ffmpeg)");
  console.warn("skipped: no ffmpeg (FFMPEG_PATH, or ffmpeg on the PATH)");
}

const root = path.resolve(import.meta.dirname, "../..");
/** What the copy leaves out: installed, built, run-time and test output. */
const notCopied = new Set([
  "node_modules",
  ".git",
  "build",
  "data",
  "test-results",
  "playwright-report",
]);
const clip = {
  id: "operator-reel",
  title: "The operator's own reel",
  niche: "Home cooking",
  caption: "Made by ffmpeg in the test set-up",
  alt: "A moving test pattern standing in for a cooking reel",
  order: 0,
  source: "operator-reel.mp4",
};
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe.skipIf(!ffmpeg)("an operator's clip, from the content folder to the page", () => {
  let copy = "";
  let server: Instance;
  let browser: Browser;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), "operator-clip-"));
    await cp(root, copy, {
      recursive: true,
      filter: (source) => {
        const relative = path.relative(root, source).split(path.sep);
        return !notCopied.has(relative[0]!) && !relative[0]!.startsWith("build-");
      },
    });
    await symlink(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
    // The operator's clip: four seconds of a vertical moving pattern with a tone.
    await runFfmpeg(ffmpeg!, [
      ...["-f", "lavfi", "-i", "testsrc2=size=540x960:rate=25:duration=4"],
      ...["-f", "lavfi", "-i", "sine=frequency=330:duration=4"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest"],
      path.join(copy, "app", "content", "work", "clips", clip.source),
    ]);
    // ... and its entry in the typed list, as the operator writes it.
    const list = path.join(copy, "app", "content", "work", "work.ts");
    const before = await readFile(list, "utf8");
    const end = "  ] satisfies readonly WorkClip[] as readonly WorkClip[],";
    expect(before).toContain(end);
    await writeFile(list, before.replace(end, `    ${JSON.stringify(clip)},\n${end}`));

    const build = spawnSync(process.execPath, ["scripts/build.ts"], {
      cwd: copy,
      env: { ...process.env, FFMPEG_PATH: ffmpeg, BUILD_DIR: "build" },
      encoding: "utf8",
      timeout: 240_000,
    });
    if (build.status !== 0)
      throw new Error(
        `npm run build failed in the copy:\n${(build.stdout + build.stderr).slice(-3_000)}`,
      );

    server = await startInstance({ BUILD_DIR: path.join(copy, "build") }, copy);
    browser = await chromium.launch({ executablePath: testChromiumPath, args: chromiumFlags });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it("shows its poster and line of context, plays its built loop near the band, and opens larger", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/`);
    const item = page.locator("li", { has: page.locator(`#look-${clip.id}`) });
    // First in the band (order 0), with what the operator wrote.
    const band = page.getByRole("region", { name: work.bandLabel });
    expect(await band.locator("li figcaption").first().textContent()).toBe(
      `${clip.niche}${clip.caption}`,
    );
    await item.scrollIntoViewIfNeeded();
    const poster = item.locator("img");
    expect(await poster.getAttribute("alt")).toBe(clip.alt);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    // The loop plays by itself once near, from one of the two renditions the build made.
    const loop = item.locator("video.work-loop-video");
    await expect
      .poll(() => loop.evaluate((video: HTMLVideoElement) => video.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const playing = await loop.evaluate((video: HTMLVideoElement) => video.currentSrc);
    const served = Buffer.from(await (await fetch(playing)).arrayBuffer());
    const built = await Promise.all(
      ["loop.av1", "loop.h264"].map(async (name) =>
        sha256(await readFile(path.join(copy, "app", "work", `${clip.id}-${name}.mp4`))),
      ),
    );
    expect(built).toContain(sha256(served));

    // A tap opens the closer look, titled as the operator wrote it.
    await item.getByRole("button", { name: work.openLabel.replace("{title}", clip.title) }).click();
    const look = page.getByRole("dialog", { name: clip.title });
    await expect.poll(() => look.isVisible()).toBe(true);
    await page.close();
  }, 60_000);
});
