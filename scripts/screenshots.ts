/**
 * `node scripts/screenshots.ts [out dir]`: the screenshots of `/`, the 404 and `/thank-you` in
 * docs/screenshots/, from the build (BUILD_DIR, default ./build) served on a loopback port, in
 * Chromium at 1440 × 900 and 390 × 844: for `/` the first screen and the whole page, as a
 * visitor sees them once everything has loaded (the page is scrolled through first, so the
 * sections drawn when near and the lazy reels are there); for the 404 and `/thank-you` one screen.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { startChildServer } from "../bench/child-server.ts";
import { chromiumFlags, chromiumPath } from "../tests/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const out = path.resolve(process.argv[2] ?? path.join(root, "docs", "screenshots"));
const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

await mkdir(out, { recursive: true });
const server = await startChildServer({
  BUILD_DIR: path.resolve(root, process.env.BUILD_DIR ?? "build"),
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.goto(`${server.url}/`);
    await settle(page);
    const save = async (name: string, fullPage: boolean, prefix = "home") => {
      const png = await page.screenshot({ fullPage, animations: "disabled" });
      const file = path.join(out, `${prefix}-${viewport.width}${name}.jpg`);
      await sharp(png).jpeg({ quality: 82, progressive: true, mozjpeg: true }).toFile(file);
      console.log(file);
    };
    await save("-first-screen", false);
    // The work band (decision 0067), with its loops playing: each loop 2.5 s in, so the
    // captions and cuts an edit adds are on screen rather than the posters.
    const band = page.locator("section[aria-labelledby=creators-title]");
    await band.scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLVideoElement>(".work-loop-video")].every(
        (video) => video.getBoundingClientRect().left >= window.innerWidth || video.readyState >= 3,
      ),
    );
    await page.evaluate(() => {
      for (const video of document.querySelectorAll<HTMLVideoElement>(".work-loop-video")) {
        video.pause();
        video.currentTime = 2.5;
      }
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLVideoElement>(".work-loop-video")].every(
        (video) => video.readyState === 0 || !video.seeking,
      ),
    );
    const bandPng = await band.screenshot({ animations: "disabled" });
    const bandFile = path.join(out, `work-loops-${viewport.width}.jpg`);
    await sharp(bandPng).jpeg({ quality: 82, progressive: true, mozjpeg: true }).toFile(bandFile);
    console.log(bandFile);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    // A full-page capture shows the page beyond the viewport, where sections drawn only when
    // near (content-visibility: auto) are still skipped: draw them, as scrolling there would.
    await page.addStyleTag({ content: "*{content-visibility:visible!important}" });
    await settle(page);
    await save("", true);
    await page.goto(`${server.url}/no-such-page`);
    await settle(page);
    await save("", false, "not-found");
    await page.goto(`${server.url}/thank-you`);
    await settle(page);
    await save("", false, "thank-you");
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** Scrolls to the bottom and back, then waits for the font and every image in view. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight / 2;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  // Reels scrolled out of sight sideways (the band on phones) stay unloaded, as for a visitor.
  await page.waitForFunction(
    () =>
      document.fonts.check('600 16px "Inter Variable"') &&
      [...document.images].every(
        (image) =>
          (image.complete && image.naturalWidth > 0) ||
          image.getBoundingClientRect().left >= window.innerWidth,
      ),
  );
  await page.waitForTimeout(300);
}
