import { execFileSync } from "node:child_process";
import path from "node:path";
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { frameToTimecode, parseFrameRate } from "../../app/shared/timecode";
import { analyze } from "./helpers/axe";
import { videosDirectory } from "./helpers/media";
import { expect, test } from "./helpers/page-health";
import { signedInAs, storedSignedInClient, uploadCut } from "./helpers/portal";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// The review player to the frame (decision 0092), on the real version page: a cut of each rate
// (24, 25, 30 and 30000/1001 fps; ffmpeg's testsrc, whose frames carry their number) is uploaded
// by the team and read and previewed by the server as any cut; on the client's page, seeking to
// frame N shows frame N (the frame the browser presents, by requestVideoFrameCallback's
// mediaTime, and currentTime within [N/rate, (N+1)/rate)), a step moves exactly one frame, `c`
// writes N's timecode into the comment form, and the comment reopens on frame N after a reload.

/** A 2 s H.264 clip (faststart) at `rate` whose frames show their number; its frame count. */
function clip(directory: string, rate: string): { file: string; frames: number } {
  const file = path.join(directory, `cut-${rate.replace("/", "-")}.mp4`);
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi"],
    ...["-i", `testsrc=size=320x180:rate=${rate}`, "-t", "2"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-movflags", "+faststart", file],
  ]);
  const counted = execFileSync("ffprobe", [
    ...["-v", "error", "-count_frames", "-select_streams", "v:0"],
    ...["-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file],
  ]);
  return { file, frames: Number(counted.toString().trim()) };
}

/** The team uploads `file` as the request's v1; the client's page of it, in a context of its own. */
async function versionPage(
  page: Page,
  testInfo: TestInfo,
  file: string,
): Promise<{ client: Page; context: BrowserContext; url: string }> {
  const ana = await storedSignedInClient(`Frames ${path.basename(file)} ${testInfo.project.name}`);
  await signIn(page, memberAddress(`${testInfo.title} ${file}`, testInfo.project.name));
  const teamRequest = `${teamOrigin}/team/clients/${ana.clientId}/requests/${ana.requestId}`;
  await uploadCut(page, teamRequest, file, 1);
  const context = await page
    .context()
    .browser()
    ?.newContext({
      viewport: page.viewportSize(),
      isMobile: testInfo.project.name === "phone",
      hasTouch: testInfo.project.name === "phone",
    });
  if (!context) throw new Error("no browser");
  await signedInAs(context, ana.token);
  const client = await context.newPage();
  const url = `${teamOrigin}/portal/requests/${ana.requestId}/versions/1`;
  await client.goto(url);
  await expect(client.locator("[data-review-player]")).toHaveAttribute(
    "data-review-player",
    "ready",
  );
  await watchPresented(client);
  return { client, context, url };
}

type Shown = { currentTime: number; paused: boolean };

/**
 * Keeps the mediaTime of the last frame the browser presented (requestVideoFrameCallback) in
 * `window.presented`: the frame on screen, whatever the player's own reading says.
 */
async function watchPresented(page: Page) {
  await page.evaluate(() => {
    const video = document.querySelector("video") as HTMLVideoElement;
    const loop = () =>
      video.requestVideoFrameCallback((_now, metadata) => {
        (window as unknown as { presented: number }).presented = metadata.mediaTime;
        loop();
      });
    loop();
  });
}

/** Does `act` on the page, waits for its seek to finish: the video's currentTime then. */
async function shownAfter(page: Page, act: () => Promise<void>): Promise<Shown> {
  await act();
  return page.evaluate(async () => {
    const video = document.querySelector("video") as HTMLVideoElement;
    // The seek's end, bounded: a `seeked` Chromium never sends (seen once in CI: the test hung
    // to its timeout at 30 fps) must not hang the test; the frame checks below still judge.
    if (video.seeking) {
      await new Promise((resolve) => {
        video.addEventListener("seeked", resolve, { once: true });
        setTimeout(resolve, 5000);
      });
    }
    return { currentTime: video.currentTime, paused: video.paused };
  });
}

/**
 * currentTime within frame `frame`'s interval [N/rate, (N+1)/rate), and the frame the browser
 * then presents is frame N (its mediaTime is N's start; an earlier frame may still be reported
 * for a moment after the seek, a wrong one never settles).
 */
async function expectFrame(page: Page, shown: Shown, frame: number, num: number, den: number) {
  const start = (frame * den) / num;
  const end = ((frame + 1) * den) / num;
  expect(shown.currentTime, `currentTime in frame ${frame}`).toBeGreaterThanOrEqual(start);
  expect(shown.currentTime, `currentTime in frame ${frame}`).toBeLessThan(end);
  await expect
    .poll(
      async () => {
        const mediaTime = await page.evaluate(
          () => (window as unknown as { presented?: number }).presented ?? Number.NaN,
        );
        return Math.floor(mediaTime * (num / den) + 0.001);
      },
      { message: `frame ${frame} presented` },
    )
    .toBe(frame);
}

for (const rateText of ["24/1", "25/1", "30/1", "30000/1001"]) {
  test(`at ${rateText} fps a seek, a step, c and a stored comment all land on the frame`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "frames are the same at 390 px (below)");
    test.slow(); // a cut uploaded, read and previewed by the server
    const rate = parseFrameRate(rateText);
    if (!rate) throw new Error(rateText);
    const { file, frames } = clip(videosDirectory(testInfo), rateText);
    const last = frames - 1;
    const { client, context, url } = await versionPage(page, testInfo, file);
    const slider = client.getByRole("slider", { name: "Position" });
    await expect(slider).toHaveAttribute("max", String(last));
    const shownFrame = client.locator("[data-player-frame]");
    const form = client.locator("#comment-form");
    const player = client.getByRole("group", { name: "Video player" });
    const fps = Math.round(rate.num / rate.den);
    // 7 first: a seek to where the video already is presents no new frame.
    const picks = [7, 0, 1, fps, last - 1, last];

    for (const n of picks) {
      // Seek (the slider), to the frame's middle.
      const sought = await shownAfter(client, () => slider.fill(String(n)));
      await expectFrame(client, sought, n, rate.num, rate.den);
      await expect(shownFrame).toHaveAttribute("data-player-frame", String(n));
      await expect(client.locator("[data-player-timecode]")).toHaveText(frameToTimecode(n, rate));
      // One frame forward and back, by the keys in the player.
      await player.focus();
      if (n < last) {
        await expectFrame(
          client,
          await shownAfter(client, () => client.keyboard.press("ArrowRight")),
          n + 1,
          rate.num,
          rate.den,
        );
        await expect(shownFrame).toHaveAttribute("data-player-frame", String(n + 1));
        await expectFrame(
          client,
          await shownAfter(client, () => client.keyboard.press("ArrowLeft")),
          n,
          rate.num,
          rate.den,
        );
        await expect(shownFrame).toHaveAttribute("data-player-frame", String(n));
      } else {
        // The last frame stays the last: a step past it goes nowhere.
        await client.keyboard.press("ArrowRight");
        await expect(shownFrame).toHaveAttribute("data-player-frame", String(last));
      }
      // c: the frame's timecode in the form, the body focused.
      await player.focus();
      await client.keyboard.press("c");
      await expect(form.locator('[name="frameIn"]')).toHaveValue(frameToTimecode(n, rate));
      await expect(form.locator('[name="frameOut"]')).toHaveValue("");
      await expect(form.locator('[name="body"]')).toBeFocused();
    }

    // Comments placed by c at two frames (one the last), and a range by i and o.
    const placed = [fps + 3, last];
    for (const n of placed) {
      await shownAfter(client, () => slider.fill(String(n)));
      await player.focus();
      await client.keyboard.press("c");
      await form.locator('[name="body"]').fill(`At frame ${n}`);
      await form.getByRole("button", { name: "Add comment" }).click();
      await expect(client.getByRole("status")).toHaveText("Comment added.");
      await expect(client.locator(`[data-seek-frame="${n}"]`)).toHaveCount(1);
    }
    await shownAfter(client, () => slider.fill("5"));
    await player.focus();
    await client.keyboard.press("i");
    await shownAfter(client, () => slider.fill("12"));
    await player.focus();
    await client.keyboard.press("o");
    await client.keyboard.press("c");
    await expect(form.locator('[name="frameIn"]')).toHaveValue(frameToTimecode(5, rate));
    await expect(form.locator('[name="frameOut"]')).toHaveValue(frameToTimecode(12, rate));
    await form.locator('[name="body"]').fill("From 5 to 12");
    await form.getByRole("button", { name: "Add comment" }).click();
    // Stored and listed before the reload below (the status still says "Comment added." from
    // the comment before: alone it proved nothing, and once the reload came first and lost it).
    await expect(client.locator('[data-seek-frame="5"]')).toHaveCount(1);
    await expect(client.getByRole("status")).toHaveText("Comment added.");

    // After a reload, each comment reopens on its frame, paused; a marker does the same.
    await client.goto(url);
    await expect(client.locator("[data-review-player]")).toHaveAttribute(
      "data-review-player",
      "ready",
    );
    await watchPresented(client);
    for (const n of [...placed, 5]) {
      const seek = client.locator(`button[data-seek-frame="${n}"]`);
      const shown = await shownAfter(client, () => seek.click());
      await expectFrame(client, shown, n, rate.num, rate.den);
      expect(shown.paused).toBe(true);
      await expect(shownFrame).toHaveAttribute("data-player-frame", String(n));
    }
    await expect(client.locator('[data-seek-frame="5"]')).toHaveAttribute(
      "data-seek-frame-out",
      "12",
    );
    const marker = client.locator(`[data-marker-frame="${last}"]`);
    await expectFrame(
      client,
      await shownAfter(client, () => marker.click()),
      last,
      rate.num,
      rate.den,
    );
    await expect(shownFrame).toHaveAttribute("data-player-frame", String(last));
    await context.close();
  });
}

test("the player's page (1440 and 390 px): Comment at this frame fills the form, buttons of 44 px, no axe violations", async ({
  page,
}, testInfo) => {
  test.slow();
  const { file } = clip(videosDirectory(testInfo), "25/1");
  const { client, context } = await versionPage(page, testInfo, file);
  await analyze(client, "version page with the player");
  const form = client.locator("#comment-form");
  const button = client.getByRole("button", { name: "Comment at this frame" });
  await expect(button).toBeVisible();
  // The keys are said where there is a keyboard's fine pointer, not on a phone's touch screen.
  const keys = client.getByText(/^Keys:/);
  if (testInfo.project.name === "phone") await expect(keys).toBeHidden();
  else await expect(keys).toBeVisible();
  for (const name of ["Play", "Back one frame", "Forward one frame", "Comment at this frame"]) {
    const box = await client.getByRole("button", { name, exact: true }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    expect(box?.width, name).toBeGreaterThanOrEqual(44);
  }
  await client.getByRole("slider", { name: "Position" }).fill("30");
  await client.getByRole("button", { name: "Forward one frame" }).click();
  await expect(client.locator("[data-player-frame]")).toHaveAttribute("data-player-frame", "31");
  await button.click();
  await expect(form.locator('[name="frameIn"]')).toHaveValue("00:00:01:06");
  await expect(form.locator('[name="body"]')).toBeFocused();
  // Paused after a step, the timecode is read out politely; the keys stay out of the form.
  await expect(client.locator("[data-player-announce]")).toHaveAttribute("aria-live", "polite");
  await expect(client.locator("[data-player-announce]")).toHaveText("00:00:01:06, frame 31");
  await form.locator('[name="body"]').pressSequentially("c k");
  await expect(form.locator('[name="body"]')).toHaveValue("c k");
  await expect(form.locator('[name="frameIn"]')).toHaveValue("00:00:01:06");
  await context.close();
});
