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

/** The element's top once smooth scrolling has come to rest. */
export async function settledTop(locator: Locator): Promise<number> {
  let previous = Number.NaN;
  let steady = 0;
  for (let i = 0; i < 80; i++) {
    const top = await locator.evaluate((element) => element.getBoundingClientRect().top);
    steady = Math.abs(top - previous) < 0.5 ? steady + 1 : 0;
    if (steady >= 4) return top;
    previous = top;
    await locator.page().waitForTimeout(50);
  }
  throw new Error("scrolling did not come to rest within 4 s");
}
