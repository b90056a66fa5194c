import { test as base, expect, type Locator, type Page } from "@playwright/test";

/**
 * Every test of this fixture fails when the page logs a console error or the browser reports a
 * Content-Security-Policy violation: from the browser's own log (works with JavaScript off)
 * and, with JavaScript on, from `securitypolicyviolation` events.
 */
export const test = base.extend<{ health: { allow: (pattern: RegExp) => void } }>({
  health: [
    async ({ page, javaScriptEnabled }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      const cdp = await page.context().newCDPSession(page);
      cdp.on("Log.entryAdded", ({ entry }) => {
        if (entry.level === "error" || /Content.Security.Policy/i.test(entry.text)) {
          problems.push(`log: ${entry.text}`);
        }
      });
      await cdp.send("Log.enable");
      if (javaScriptEnabled) {
        await page.exposeFunction("__reportCspViolation", (text: string) =>
          problems.push(`securitypolicyviolation: ${text}`),
        );
        await page.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => {
            const report = (window as unknown as { __reportCspViolation: (t: string) => void })
              .__reportCspViolation;
            report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
          });
        });
      }
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = problems.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The bottom edge of everything fixed at the top: the header, and the phone menu when open. */
export async function coveredTop(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector("body > * header, header")!.getBoundingClientRect();
    const menu = document.querySelector("#site-menu");
    const menuOpen = menu?.matches(":popover-open");
    return Math.max(header.bottom, menuOpen ? menu!.getBoundingClientRect().bottom : 0);
  });
}

/** The element's top, relative to the viewport. */
export function topOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top);
}

type ScrollWatch = { __scrollEnds?: number[]; __listenersRun?: boolean };

/**
 * Runs `act` (a click on an in-page link…), waits for the scroll it starts from its start to its
 * end, and returns where the element's top came to rest. A page at rest before the scroll has
 * begun looks the same as one after it, so "a few steady readings" is not an end. With scripts
 * on, the end is the browser's `scrollend` at a new position (fired once, when a scroll is over;
 * a late one from an earlier instant scroll is at the old position and does not count). With
 * scripts off (no listener runs), the page must first scroll from where it was, then its scroll
 * position and the element's top hold still 300 ms.
 */
export async function topAfterScroll(locator: Locator, act: () => Promise<void>): Promise<number> {
  const page = locator.page();
  const { listenersRun, startY } = await page.evaluate(() => {
    const watch = window as ScrollWatch;
    if (watch.__scrollEnds === undefined) {
      window.addEventListener("scrollend", () => watch.__scrollEnds?.push(window.scrollY));
      window.addEventListener("scroll-watch-probe", () => {
        watch.__listenersRun = true;
      });
    }
    watch.__scrollEnds = [];
    window.dispatchEvent(new Event("scroll-watch-probe"));
    return { listenersRun: watch.__listenersRun === true, startY: window.scrollY };
  });
  await act();
  if (listenersRun) {
    await expect
      .poll(
        () =>
          page.evaluate(
            (from) => (window as ScrollWatch).__scrollEnds?.some((y) => y !== from),
            startY,
          ),
        { message: "the scroll starts and ends (scrollend at a new position)" },
      )
      .toBe(true);
    return topOf(locator);
  }
  // The page's scroll position, not the element's top: following a link to a target can also
  // move the element by layout (sections drawn when near are laid out for real), before the
  // smooth scroll has started.
  const scrollY = () => page.evaluate(() => window.scrollY);
  await expect
    .poll(async () => Math.abs((await scrollY()) - startY), { message: "the scroll starts" })
    .toBeGreaterThan(0.5);
  let top = await topOf(locator);
  let y = await scrollY();
  let stillSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() - stillSince < 300) {
    if (Date.now() > deadline) throw new Error("the scroll did not come to rest within 10 s");
    await page.waitForTimeout(50);
    const [next, nextY] = [await topOf(locator), await scrollY()];
    if (Math.abs(next - top) >= 0.5 || Math.abs(nextY - y) >= 0.5) stillSince = Date.now();
    [top, y] = [next, nextY];
  }
  return top;
}

/**
 * The element's CSS animation from its start to its end: its name, delay (ms) and starting
 * opacity, and its opacity once it has finished (awaited: no polling for a quiet moment).
 * Null when the element has no animation.
 */
export function animationRun(locator: Locator) {
  return locator.evaluate(async (element) => {
    const [animation] = element.getAnimations() as CSSAnimation[];
    if (!animation?.effect) return null;
    const [from] = (animation.effect as KeyframeEffect).getKeyframes();
    const { delay } = animation.effect.getComputedTiming();
    await animation.finished;
    return {
      name: animation.animationName,
      delay,
      fromOpacity: from?.opacity,
      endOpacity: getComputedStyle(element).opacity,
    };
  });
}
