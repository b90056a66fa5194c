import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "./page-health.ts";

// Real video files made with Debian's ffmpeg for the portal's specs, the request page's file
// input, and the pages that show what the server's media job read.

/** The test's own folder for the videos it makes (in its output folder), made. */
export function videosDirectory(testInfo: TestInfo): string {
  const directory = testInfo.outputPath("videos");
  mkdirSync(directory, { recursive: true });
  return directory;
}

/**
 * A test video from ffmpeg's testsrc2, 640 × 360 at 30 fps (lossless 1280 × 720 when `big`:
 * about 20 MB for 10 s); `tiny`: 64 × 64 at one frame a second, cheap however long it is.
 */
export function video(
  directory: string,
  name: string,
  seconds: number,
  size: "small" | "big" | "tiny" = "small",
): string {
  const file = path.join(directory, name);
  const codec =
    size === "big"
      ? ["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0"]
      : ["-c:v", "libx264", "-preset", "ultrafast"];
  const source = { small: "640x360:rate=30", big: "1280x720:rate=30", tiny: "64x64:rate=1" }[size];
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi"],
    ...["-i", `testsrc2=size=${source}`, "-t", String(seconds)],
    ...codec,
    ...["-pix_fmt", "yuv420p", file],
  ]);
  return file;
}

/** The file input of the request page's uploader, once the page's script has made it usable. */
export async function chooser(page: Page) {
  const input = page.getByLabel("Choose files");
  await expect(page.locator("[data-uploader]")).toBeVisible();
  return input;
}

/**
 * Plays a footage preview (muted, as a test may): nothing of it was fetched before (preload
 * "none"), then it plays past half a second (H.264, faststart, served in ranges). Its duration.
 */
export async function playsPreview(video: Locator): Promise<number> {
  expect(await video.evaluate((element: HTMLVideoElement) => element.readyState)).toBe(0);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.5);
  return video.evaluate((element: HTMLVideoElement) => element.duration);
}

/**
 * Opens a page again (`open`) until each of `shown` is visible: the server's media job
 * (MEDIA_POLL_MS 500) reads a finished upload within a second or two, and the page says so once
 * reloaded.
 */
export async function reopenUntilShown(open: () => Promise<unknown>, shown: Locator[]) {
  await expect(async () => {
    await open();
    for (const locator of shown) await expect(locator).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}
