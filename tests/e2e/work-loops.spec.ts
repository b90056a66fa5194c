import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
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

/**
 * The page is loaded and, with scripts, has asked for nothing for half a second (lazy loading
 * has decided). Without scripts nothing loads lazily: what loads by itself is in by `load`.
 */
async function settled(page: Page, scripts = true) {
  await page.waitForLoadState(scripts ? "networkidle" : "load");
}

/**
 * Whether a video plays: with JavaScript, by its state; without (the page's scripts, and so
 * evaluate, are off), by what is drawn: two later captures of it differ from each other.
 */
async function plays(video: Locator, javaScriptEnabled: boolean): Promise<boolean> {
  if (javaScriptEnabled) {
    return video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0);
  }
  const a = await video.screenshot();
  const b = await video.screenshot();
  return !a.equals(b);
}

/**
 * Plays a video with its own controls, as a visitor without scripts does: from the keyboard
 * (Space on the focused video). A click on the video did not start it here without scripts.
 */
async function playWithControls(video: Locator) {
  await video.focus();
  await video.press("Space");
}

/** Responses of the page for its posters, from now on. */
function posterResponses(page: Page): number[] {
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (/\.(avif|webp)$/.test(new URL(response.url()).pathname)) statuses.push(response.status());
  });
  return statuses;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "with JavaScript disabled", () => {
    test.use({ javaScriptEnabled });

    test("no video byte before the band is near; in view the loops play (or on a tap), off-screen they pause", async ({
      page,
    }) => {
      const videos = videoRequests(page);
      const posters = posterResponses(page);
      await page.goto("/");
      await settled(page, javaScriptEnabled);
      await expect(loops(page)).toHaveCount(clips.length);
      expect(videos, "video requests at the top of the page").toEqual([]);
      // Without scripts Chromium loads no image lazily (the HTML standard's rule), posters too.
      if (javaScriptEnabled) expect(posters, "posters at the top of the page").toEqual([]);

      await band(page).scrollIntoViewIfNeeded();
      await expect(band(page).locator("img").first()).toBeVisible();
      await expect.poll(() => posters.filter((status) => status === 200).length).toBeGreaterThan(0);
      if (!javaScriptEnabled) {
        // Nothing plays by itself: a tap opens the closer look, whose controls play it.
        await settled(page, javaScriptEnabled);
        expect(videos).toEqual([]);
        await openButton(page, first.title).click();
        const look = page.getByRole("dialog", { name: first.title }).locator("video");
        const file = await look.locator("source").getAttribute("src");
        await playWithControls(look);
        await expect.poll(() => videos.map((url) => new URL(url).pathname)).toEqual([file]);
        await expect.poll(() => plays(look, false), { timeout: 15_000 }).toBe(true);
        return;
      }
      // The loop in view plays, muted, in AV1 (Chromium decodes it): the first source.
      const av1 = await loops(page).first().locator("source").first().getAttribute("src");
      await expect.poll(() => videos.map((url) => new URL(url).pathname)).toContain(av1);
      await expect.poll(() => plays(loops(page).first(), true)).toBe(true);
      await expect(loops(page).first()).toHaveJSProperty("muted", true);
      // Scrolled away, it pauses (Chromium pauses a muted autoplaying video it does not show).
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
      const posters = posterResponses(page);
      await page.goto("/");
      await band(page).scrollIntoViewIfNeeded();
      await expect.poll(() => posters.filter((status) => status === 200).length).toBeGreaterThan(0);
      await settled(page, javaScriptEnabled);
      for (const loop of await loops(page).all()) await expect(loop).toBeHidden();
      if (javaScriptEnabled) {
        expect(
          await loops(page).evaluateAll((all: HTMLVideoElement[]) =>
            all.every((video) => video.paused && video.currentTime === 0),
          ),
        ).toBe(true);
      }
      expect(videos).toEqual([]);

      const button = openButton(page, first.title);
      if (isPhone(page)) await button.tap();
      else await button.click();
      const dialog = page.getByRole("dialog", { name: first.title });
      await expect(dialog).toBeVisible();
      const look = await dialog.locator("video source").getAttribute("src");
      // With scripts it plays when opened; without, its controls play it.
      if (!javaScriptEnabled) await playWithControls(dialog.locator("video"));
      await expect
        .poll(() => plays(dialog.locator("video"), javaScriptEnabled), { timeout: 15_000 })
        .toBe(true);
      expect(videos.map((url) => new URL(url).pathname)).toEqual([look]);
    });

    test("the closer look opens and closes with the keyboard and by touch", async ({ page }) => {
      await page.goto("/");
      await band(page).scrollIntoViewIfNeeded();
      const button = openButton(page, first.title);
      const dialog = page.getByRole("dialog", { name: first.title });
      const look = dialog.locator("video");
      const lookPlaying = () => plays(look, javaScriptEnabled);

      await button.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: work.closeLabel })).toBeFocused();
      await expect(look).toHaveAttribute("aria-label", first.alt);
      if (javaScriptEnabled) await expect.poll(lookPlaying).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      if (javaScriptEnabled) {
        // Closed, it stops (a clip with sound would go on playing, hidden).
        await expect
          .poll(() =>
            // Closed, the dialog has no role in the tree: found by its id.
            page
              .locator(`#look-${first.id} video`)
              .evaluate((video: HTMLVideoElement) => video.paused),
          )
          .toBe(true);
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
      test.skip(!javaScriptEnabled, "axe runs as a script in the page");
      test.setTimeout(90_000);
      await page.goto("/");
      await band(page).scrollIntoViewIfNeeded();
      const inBand = await new AxeBuilder({ page })
        .include(`section[aria-labelledby="creators-title"]`)
        .analyze();
      await openButton(page, first.title).click();
      await expect(page.getByRole("dialog", { name: first.title })).toBeVisible();
      const open = await new AxeBuilder({ page }).include(`#look-${first.id}`).analyze();
      const violations = [inBand, open].flatMap((result) =>
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
