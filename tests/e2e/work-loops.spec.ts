import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { work } from "#app/content/work/work.ts";
import { expect, test } from "./helpers/page-health.ts";

// The work band on `/` (decision 0067): short loops that load and play only near the viewport,
// nothing by themselves with reduced motion or Save-Data, a closer look in a <dialog>.
// Runs in both projects (desktop 1440 × 900, phone 390 × 844), with and without JavaScript.

const clips = [...work.clips].sort((a, b) => a.order - b.order);
const first = clips[0]!;
const band = (page: Page) => page.getByRole("region", { name: work.bandLabel });
const loops = (page: Page) => page.locator(".work-loop-video");
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
const openButton = (page: Page, title: string) =>
  band(page).getByRole("button", { name: work.openLabel.replace("{title}", title) });

/** Every request for a video file the page makes, from now on. */
function videoRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (/\.mp4$/.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

/** The page is loaded and two frames have been drawn since (lazy loading has decided). */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

const playing = (page: Page, index: number) =>
  loops(page)
    .nth(index)
    .evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0);

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "with JavaScript disabled", () => {
    test.use({ javaScriptEnabled });

    test("no video byte before the band is near; in view the loops play, off-screen they pause", async ({
      page,
    }) => {
      const videos = videoRequests(page);
      await page.goto("/");
      await settled(page);
      await expect(loops(page)).toHaveCount(clips.length);
      expect(videos, "video requests at the top of the page").toEqual([]);

      await band(page).scrollIntoViewIfNeeded();
      // The posters show…
      for (const poster of await band(page).locator("img").all()) {
        await expect
          .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
      // …and the loops in view play, muted, in AV1 (Chromium decodes it).
      await expect.poll(() => playing(page, 0)).toBe(true);
      const loop = await loops(page)
        .first()
        .evaluate((video: HTMLVideoElement) => ({ muted: video.muted, src: video.currentSrc }));
      expect(loop.muted).toBe(true);
      expect(new URL(loop.src).pathname).toMatch(/^\/assets\/[\w-]+-loop\.av1-[\w-]{8}\.mp4$/);
      expect(videos.length).toBeGreaterThan(0);

      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await expect
        .poll(() =>
          loops(page).evaluateAll((videos: HTMLVideoElement[]) => videos.every((v) => v.paused)),
        )
        .toBe(true);
    });

    test("with reduced motion nothing plays or loads by itself; a tap opens the clip larger", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const videos = videoRequests(page);
      await page.goto("/");
      await band(page).scrollIntoViewIfNeeded();
      const posters = band(page).locator("img");
      for (const poster of await posters.all()) {
        await expect
          .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
      await settled(page);
      await expect(loops(page).first()).toBeHidden();
      expect(
        await loops(page).evaluateAll((all: HTMLVideoElement[]) =>
          all.every((video) => video.paused && video.currentTime === 0),
        ),
      ).toBe(true);
      expect(videos).toEqual([]);

      const button = openButton(page, first.title);
      if (isPhone(page)) await button.tap();
      else await button.click();
      const dialog = page.getByRole("dialog", { name: first.title });
      await expect(dialog).toBeVisible();
      await expect
        .poll(() =>
          dialog
            .locator("video")
            .evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0),
        )
        .toBe(true);
      expect(videos.every((url) => /-look-[\w-]{8}\.mp4$/.test(url))).toBe(true);
    });

    test("the closer look opens and closes with the keyboard and by touch", async ({ page }) => {
      await page.goto("/");
      await band(page).scrollIntoViewIfNeeded();
      const button = openButton(page, first.title);
      const dialog = page.getByRole("dialog", { name: first.title });
      const look = dialog.locator("video");
      const lookPlaying = () =>
        look.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0);

      await button.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: work.closeLabel })).toBeFocused();
      await expect(look).toHaveAttribute("aria-label", first.alt);
      await expect.poll(lookPlaying).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      if (javaScriptEnabled) {
        // Closed, it stops (a clip with sound would go on playing, hidden).
        await expect.poll(lookPlaying).toBe(false);
      }

      const close = dialog.getByRole("button", { name: work.closeLabel });
      if (isPhone(page)) {
        await button.tap();
        await expect(dialog).toBeVisible();
        await close.tap();
      } else {
        await button.click();
        await expect(dialog).toBeVisible();
        await close.click();
      }
      await expect(dialog).toBeHidden();
    });

    test("axe finds nothing in the band, nor in the open closer look", async ({ page }) => {
      await page.goto("/");
      await band(page).scrollIntoViewIfNeeded();
      const results = await new AxeBuilder({ page }).include("#creators-title").analyze();
      const inBand = await new AxeBuilder({ page })
        .include(`section[aria-label="${work.bandLabel}"]`)
        .analyze();
      await openButton(page, first.title).click();
      await expect(page.getByRole("dialog", { name: first.title })).toBeVisible();
      const open = await new AxeBuilder({ page }).include(`#look-${first.id}`).analyze();
      const violations = [results, inBand, open].flatMap((result) =>
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`),
      );
      expect(violations).toEqual([]);
    });
  });
}

test.describe("with Save-Data", () => {
  test("the loops do not play by themselves; a tap still plays the clip", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "connection", {
        get: () => ({ saveData: true }),
      });
    });
    const videos = videoRequests(page);
    await page.goto("/");
    await band(page).scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        band(page)
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await settled(page);
    expect(
      await loops(page).evaluateAll((all: HTMLVideoElement[]) =>
        all.every((video) => !video.autoplay && video.paused),
      ),
    ).toBe(true);
    expect(videos).toEqual([]);
    await openButton(page, first.title).click();
    const look = page.getByRole("dialog", { name: first.title }).locator("video");
    await expect
      .poll(() =>
        look.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0),
      )
      .toBe(true);
  });
});
