import AxeBuilder from "@axe-core/playwright";
import { type Page, test } from "@playwright/test";
import { expect } from "./page-health";

/** Zero axe violations on the page, as team-a11y.spec.ts checks them. */
export async function analyze(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${what}: ${violation.id} (${violation.nodes.length})`),
  ).toEqual([]);
}

/**
 * Zero axe violations. With scripts off, axe (a script run in the page) waits forever for its
 * own callbacks: the page as it is, its HTML without its scripts, is analysed in a twin page of
 * the same size with scripts on (the stylesheets and fonts come from the server as usual).
 */
export async function expectNoViolations(page: Page, what: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return analyze(page, what);
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to open the twin page in");
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const twin = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    javaScriptEnabled: true,
  });
  try {
    const url = page.url();
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
    const twinPage = await twin.newPage();
    await twinPage.route(
      (address) => address.href === url,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await twinPage.goto(url);
    await expect(twinPage).toHaveTitle(await page.title());
    await expect(twinPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(twinPage.locator("script")).toHaveCount(0);
    await analyze(twinPage, `${what} (scripts off)`);
  } finally {
    await twin.close();
  }
}
