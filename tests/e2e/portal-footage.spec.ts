import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expectNoViolations } from "./helpers/axe";
import { uniqueName } from "./helpers/incoming";
import { playsPreview, reopenUntilShown } from "./helpers/media";
import { expect, test } from "./helpers/page-health";
import { storedClientWithUploads } from "./helpers/portal";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// Footage on the team's client page (decision 0084), in Chromium at 1440 and 390 px: two clips
// a client uploaded (real files made with Debian's ffmpeg, stored as the tus endpoint stores
// them), read by the job upload-media of the e2e server (MEDIA_POLL_MS 500): each shown with
// its poster and length, the long one flagged over the Creator plan's 10 minutes, the original
// downloaded byte for byte; without a session, the files' addresses lead to sign-in.

function ffmpeg(args: string[]) {
  const made = spawnSync("ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args], {
    encoding: "utf8",
  });
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr}`);
}

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

test("a member sees a client's footage with poster, length and the minutes flag, and downloads the original", async ({
  page,
  playwright,
}, testInfo) => {
  test.slow(); // two clips encoded here, then read and previewed by the server
  // In the test's own output folder, which Playwright empties at the start of each run.
  const dir = testInfo.outputPath("footage");
  await mkdir(dir, { recursive: true });
  const clip = path.join(dir, "clip.mp4");
  const long = path.join(dir, "long.mp4");
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30000/1001"],
    ...["-f", "lavfi", "-i", "sine", "-t", "3", "-shortest", "-pix_fmt", "yuv420p", clip],
  ]);
  // 10 min 1 s, tiny and one frame a second: over Creator's 10 minutes, cheap to make and read.
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=1", "-t", "601"],
    ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", long],
  ]);
  const { clientId, uploads } = await storedClientWithUploads(uniqueName("Footage Fay"), [
    long,
    clip,
  ]);
  const [longId, clipId] = uploads as [string, string];

  await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
  const clientUrl = `${teamOrigin}/team/clients/${clientId}`;
  await page.goto(clientUrl);
  await expect(page.getByRole("heading", { level: 2, name: "Footage" })).toBeVisible();
  const clipItem = page.locator(`[data-upload="${clipId}"]`);
  const longItem = page.locator(`[data-upload="${longId}"]`);
  await reopenUntilShown(
    () => page.reload(),
    [clipItem.locator("video"), longItem.locator("video")],
  );

  // Newest first; each with its preview over its poster, and what it is.
  await expect(page.locator("[data-upload]")).toHaveCount(2);
  await expect(page.locator("[data-upload]").first()).toHaveAttribute("data-upload", clipId);
  await expect(clipItem.locator("[data-facts]")).toHaveText("Video · 0:03 · 640 × 360 · 29.97 fps");
  await expect(longItem.locator("[data-facts]")).toHaveText(
    "Video · 10:01 · 64 × 64 · 1 fps · no sound",
  );
  const posterUrl = `/team/clients/${clientId}/footage/${clipId}/poster`;
  await expect(clipItem.locator("video")).toHaveAttribute("poster", posterUrl);
  const poster = await page.request.get(`${teamOrigin}${posterUrl}`);
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("image/jpeg");
  expect(poster.headers()["x-content-type-options"]).toBe("nosniff");
  expect([...(await poster.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // preload="none": nothing of the preview is fetched before it is played; then it plays.
  await playsPreview(clipItem.locator("video"));
  await expect(longItem.getByText("11 min: over the plan's 10 min per video")).toBeVisible();
  await expect(clipItem.locator("[data-over]")).toHaveCount(0);
  await expectNoViolations(page, "client page with footage", true);
  // Nothing is wider than the page (390 px on a phone).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  // The original, downloaded: the very bytes uploaded, under a name of ours.
  const downloading = page.waitForEvent("download");
  await clipItem.getByRole("link", { name: /^Download original, uploaded / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `footage-${new Date().toISOString().slice(0, 10)}-${clipId.slice(0, 8)}.mp4`,
  );
  const saved = path.join(dir, "downloaded");
  await download.saveAs(saved);
  expect(await sha256(saved)).toBe(await sha256(clip));

  // Without a session: the original and the poster lead to sign-in, and no byte comes.
  const signedOut = await playwright.request.newContext();
  for (const file of ["original", "poster", "preview"]) {
    const answer = await signedOut.get(`${clientUrl}/footage/${clipId}/${file}`, {
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/team/sign-in");
  }
  await signedOut.dispose();
});
