import { expect, test } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../chromium.ts";

// The first paint is drawn in "Inter Fallback" and Inter swaps in after it (docs/decisions/
// 0024). The fallback is stretched to Inter's metrics, weight by weight, so the swap moves
// nothing Lighthouse can see: its CLS shows 0.000 (under 0.0005). A centred line still moves
// by a fraction of a pixel when its width differs by a fraction of a percent (the hero's
// badge, 0.0001), so the sum is held under that bound rather than at exactly 0.
// Runs in both projects (desktop and phone widths), in the full Chromium that Lighthouse runs:
// the headless shell of the other specs places text a fraction of a pixel differently (0.0006
// on /, 0.0026 on /thank-you), which is not what a visitor's browser or Lighthouse draws.
test.use({ launchOptions: { executablePath: chromiumPath, args: chromiumFlags } });

const pages = [
  { path: "/", status: 200 },
  { path: "/onboarding", status: 200 },
  { path: "/thank-you", status: 200 },
  { path: "/no-such-page", status: 404 },
];

for (const { path, status } of pages) {
  test(`${path}: the swap to Inter shifts the layout by less than Lighthouse shows`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    const shifts = await page.evaluate(async () => {
      const inter = () =>
        [...document.fonts].some(
          (face) => face.family.includes("Inter Variable") && face.status === "loaded",
        );
      // Inter is asked for 150 ms after the first paint and used from 400 ms: wait until the
      // page's own text is drawn in it (the last relayout), then one more frame.
      const drawnInInter = () =>
        getComputedStyle(document.documentElement).fontFamily.includes("Inter Variable");
      const until = performance.now() + 10_000;
      while (!(inter() && drawnInInter()) && performance.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      // Layout shifts reach the performance timeline only through an observer (buffered).
      const entries = await new Promise<PerformanceEntry[]>((resolve) => {
        const seen: PerformanceEntry[] = [];
        new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({
          type: "layout-shift",
          buffered: true,
        });
        setTimeout(() => resolve(seen), 100);
      });
      return {
        inter: inter() && drawnInInter(),
        shifts: entries.map((entry) => {
          const { value, sources = [] } = entry as PerformanceEntry & {
            value: number;
            sources?: {
              node?: Node | null;
              previousRect: DOMRectReadOnly;
              currentRect: DOMRectReadOnly;
            }[];
          };
          // When and from where to where: what a failure needs to be read (CI has failed here
          // under load on /thank-you, with the whole centred block moved).
          const box = ({ x, y, width, height }: DOMRectReadOnly) =>
            [x, y, width, height].map(Math.round).join(",");
          return {
            value,
            at: Math.round(entry.startTime),
            moved: sources.map(
              (source) =>
                `${source.node?.textContent?.slice(0, 40)} ${box(source.previousRect)} -> ${box(source.currentRect)}`,
            ),
          };
        }),
      };
    });
    expect(shifts.inter, "Inter was loaded and the page drawn in it").toBe(true);
    const total = shifts.shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts.shifts)).toBeLessThan(0.0005);
  });
}

test("the hidden letter that asks for Inter is not read out", async ({ page }) => {
  await page.goto("/no-such-page");
  const after = await page.evaluate(() => getComputedStyle(document.body, "::after").content);
  expect(after).toContain('"R"');
  // The accessibility tree holds the page's own text and nothing after it.
  const tree = await page.locator("body").ariaSnapshot();
  expect(tree).toContain("Oops! Page not found");
  expect(tree).not.toMatch(/(^|\s)R\s*$/m);
});
