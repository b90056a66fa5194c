import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { brand } from "#app/content/brand.ts";
import { landing } from "#app/content/landing.ts";
import { plans } from "#app/content/plans.ts";
import { questionnaire } from "#app/content/questionnaire.ts";
import { work } from "#app/content/work/work.ts";
import { lookScript } from "../../app/components/landing/look-script.ts";
import { coveredTop, expect, test, topAfterScroll, topOf } from "./helpers/page-health.ts";

// The landing page `/`, as visitors get it: prerendered HTML and CSS, no JavaScript of ours.
// Runs in both projects (desktop 1440 × 900, phone 390 × 844).

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
const sectionHeading = (page: Page, title: string) =>
  page.getByRole("heading", { level: 2, name: title, exact: true });
const planCard = (page: Page, name: string) =>
  page
    .locator("#pricing li")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

/**
 * Follows an in-page link (`act` clicks or taps it) and checks its section comes to rest just
 * below the fixed header, once the smooth scroll has started and ended.
 */
async function expectLandsBelowHeader(page: Page, targetId: string, act: () => Promise<void>) {
  const section = page.locator(`#${targetId}`);
  let top = await topAfterScroll(section, act);
  await expect(page).toHaveURL(new RegExp(`#${targetId}$`));
  const covered = await coveredTop(page);
  // With scripts off, the end of a scroll is 300 ms without movement, and on a loaded machine
  // a smooth scroll can pause that long halfway: a section still on its way gets the time to
  // arrive, and must then stay.
  if (top >= covered + 48) {
    await expect
      .poll(() => topOf(section), { message: "the scroll goes on" })
      .toBeLessThan(covered + 48);
    top = await topOf(section);
    await page.waitForTimeout(300);
    expect(await topOf(section), "and stays").toBeCloseTo(top, 0);
  }
  expect(top, `#${targetId} starts below the fixed header`).toBeGreaterThanOrEqual(covered - 1);
  // It is the section the visitor now sees, not one further down the page.
  expect(top).toBeLessThan(covered + 48);
  await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
}

test.beforeEach(async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
});

test("one h1 with the headline, and the sections in the spec's order", async ({ page }) => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.hero.headline);
  const order = [
    page.locator("header").first(),
    page.locator("#top"),
    page.locator("#services"),
    page.locator("section", { has: sectionHeading(page, landing.creators.title) }),
    page.locator("#process"),
    page.locator("#pricing"),
    page.locator("section", { has: sectionHeading(page, landing.closing.title) }),
    page.locator("footer"),
  ];
  const tops: number[] = [];
  for (const part of order) {
    await expect(part).toHaveCount(1);
    tops.push(await part.evaluate((el) => el.getBoundingClientRect().top + window.scrollY));
  }
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  await expect(sectionHeading(page, landing.services.title)).toBeAttached();
  await expect(sectionHeading(page, landing.process.title)).toBeAttached();
  await expect(sectionHeading(page, landing.pricing.title)).toBeAttached();
  await expect(page.locator("#services li")).toHaveCount(landing.services.items.length);
  await expect(page.locator("#process ol > li")).toHaveCount(4);
  for (const claim of landing.claims) {
    await expect(page.locator("#top")).toContainText(`${claim.value}${claim.label}`);
  }
});

for (const item of landing.nav) {
  test(`header link ${item.label} scrolls its section below the header`, async ({ page }) => {
    const header = page.locator("header").first();
    if (isPhone(page)) {
      await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
      await header.getByRole("button", { name: landing.header.menuLabel }).tap();
      const menu = page.getByRole("navigation", { name: landing.header.menuLabel });
      await expect(menu).toBeVisible();
      await expectLandsBelowHeader(page, item.href.slice(1), () =>
        menu.getByRole("link", { name: item.label, exact: true }).tap(),
      );
    } else {
      await expectLandsBelowHeader(page, item.href.slice(1), () =>
        header
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: item.label, exact: true })
          .click(),
      );
    }
  });
}

test("Get Started in the header scrolls to pricing", async ({ page }) => {
  await expectLandsBelowHeader(page, "pricing", () =>
    page.locator("header").first().getByRole("link", { name: landing.header.cta }).click(),
  );
});

test("the brand in the header brings the visitor back to the top", async ({ page }) => {
  await page.evaluate(() => window.scrollTo({ top: 3000, behavior: "instant" }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(3000);
  await topAfterScroll(page.locator("#top"), () =>
    page.locator("header").first().getByRole("link", { name: brand.name }).click(),
  );
  await expect(page).toHaveURL(/#top$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the hero's buttons scroll to pricing and to the process", async ({ page }) => {
  const hero = page.locator("#top");
  await expectLandsBelowHeader(page, "pricing", () =>
    hero.getByRole("link", { name: landing.hero.primaryCta }).click(),
  );
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expectLandsBelowHeader(page, "process", () =>
    hero.getByRole("link", { name: landing.hero.secondaryCta }).click(),
  );
});

test("wide screens show the links inline; on phones a menu opens and closes by keyboard", async ({
  page,
}) => {
  const button = page.getByRole("button", { name: landing.header.menuLabel });
  const menu = page.getByRole("navigation", { name: landing.header.menuLabel });
  const inline = page.getByRole("navigation", { name: "Main" });
  if (!isPhone(page)) {
    await expect(button).toBeHidden();
    for (const item of landing.nav)
      await expect(inline.getByRole("link", { name: item.label })).toBeVisible();
    return;
  }
  await expect(inline).toBeHidden();
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  expect(await page.locator("#site-menu").evaluate((el) => el.matches(":popover-open"))).toBe(true);
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("three plans with their exact prices and facts; Influencer is Most Popular", async ({
  page,
}) => {
  await expect(page.locator("#pricing li").filter({ has: page.locator("h3") })).toHaveCount(3);
  for (const plan of plans) {
    const card = planCard(page, plan.name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${plan.price}/${plan.period}`);
    await expect(card).toContainText(plan.description);
    for (const feature of plan.features) {
      await expect(card.getByRole("listitem").filter({ hasText: feature })).toHaveCount(1);
    }
    await expect(card.getByText(landing.pricing.popularLabel)).toHaveCount(plan.popular ? 1 : 0);
    const cta = card.getByRole("link", { name: plan.cta });
    await expect(cta).toHaveAttribute("href", `/onboarding?plan=${encodeURIComponent(plan.name)}`);
  }
  expect(plans.map((plan) => plan.price)).toEqual(["$99", "$249", "$449"]);
  expect(plans.find((plan) => plan.popular)?.name).toBe("Influencer");
  const enterprise = planCard(page, "Enterprise");
  await expect(enterprise).toContainText("No cap on raw footage per video*");
  await expect(enterprise).toContainText(plans[2]!.footnote!);
});

test("Contact Our Team opens an email to the team with a subject", async ({ page }) => {
  const contact = page.locator("#pricing").getByRole("link", { name: landing.pricing.contactCta });
  await expect(contact).toHaveAttribute(
    "href",
    `mailto:${landing.contact.email}?subject=${encodeURIComponent(landing.contact.subject)}`,
  );
});

test("a plan button and the closing button lead to the questionnaire", async ({ page }) => {
  const closing = page.getByRole("link", { name: landing.closing.cta });
  await expect(closing).toHaveAttribute("href", "/onboarding");
  await planCard(page, "Influencer").getByRole("link", { name: "Choose Influencer" }).click();
  await expect(page).toHaveURL("/onboarding?plan=Influencer");
  await page.goBack();
  await page.getByRole("link", { name: landing.closing.cta }).click();
  await expect(page).toHaveURL("/onboarding");
});

test("the creators band shows a distinct poster for each loop, and they load", async ({ page }) => {
  const band = page.getByRole("region", { name: work.bandLabel });
  const images = band.locator("img");
  await expect(images).toHaveCount(work.clips.length);
  const sources = new Set<string>();
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
    await expect(image).not.toHaveAttribute("alt", "");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = await image.boundingBox();
    expect(box!.height / box!.width).toBeCloseTo(16 / 9, 1);
    // Chromium takes the AVIF source of the <picture>; the <img> itself names the WebP.
    expect(await image.getAttribute("src")).toMatch(/^\/assets\/w[\w-]{8}\.webp$/);
    sources.add(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname);
  }
  expect(sources.size).toBe(work.clips.length);
  for (const src of sources) expect(src).toMatch(/^\/assets\/w[\w-]{8}\.avif$/);
});

test("no horizontal scrolling at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const overflow = await page.evaluate(
    () => document.scrollingElement!.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("zero accessibility violations on / (axe)", async ({ page }) => {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
});

test("zero accessibility violations on the not-found page (axe)", async ({ page, health }) => {
  health.allow(/404/);
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: landing.notFound.title })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
});

test("ships no JavaScript of ours but the work band's inline line, and data blocks the browser reads", async ({
  page,
}) => {
  const scripts = await page.locator("script").evaluateAll((elements) =>
    elements.map((s) => ({
      type: s.getAttribute("type"),
      src: s.getAttribute("src"),
      text: s.getAttribute("type") ? undefined : s.textContent,
    })),
  );
  expect(scripts).toEqual([
    { type: null, src: null, text: lookScript },
    { type: "speculationrules", src: null, text: undefined },
    { type: "application/ld+json", src: null, text: undefined },
  ]);
  expect(await page.evaluate(() => HTMLScriptElement.supports("speculationrules"))).toBe(true);
  const rules = JSON.parse(
    (await page.locator('script[type="speculationrules"]').textContent()) ?? "",
  );
  expect(rules.prerender[0]).toMatchObject({
    where: { href_matches: "/onboarding*" },
    eagerness: "moderate",
  });
  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "",
  );
  expect(data["@type"]).toBe("Organization");
  expect(
    data.makesOffer.map((offer: { price: string; priceCurrency: string }) => [
      offer.price,
      offer.priceCurrency,
    ]),
  ).toEqual([
    ["99", "USD"],
    ["249", "USD"],
    ["449", "USD"],
  ]);
});

test("the Speculation Rules are accepted and fire on intent for the questionnaire", async ({
  page,
}) => {
  // Chromium starts a prerender when the pointer rests on a matching link ("moderate").
  // Under automation DevTools vetoes the prerender itself (PrerenderingDisabledByDevTools), so
  // the test checks what it can see: the rule set parsed without error (and was not blocked by
  // the CSP) and an attempt for exactly the hovered URL; non-matching links get none.
  const cdp = await page.context().newCDPSession(page);
  const ruleSetErrors: string[] = [];
  const attempts = new Set<string>();
  let ruleSets = 0;
  cdp.on("Preload.ruleSetUpdated", ({ ruleSet }) => {
    ruleSets += 1;
    if (ruleSet.errorType) ruleSetErrors.push(`${ruleSet.errorType}: ${ruleSet.errorMessage}`);
  });
  cdp.on("Preload.prerenderStatusUpdated", (event) => attempts.add(new URL(event.key.url).href));
  await cdp.send("Preload.enable");
  await page.reload();
  // A pointer that rests on the link before the rule set is in force starts nothing, and a busy
  // machine can take a while to parse it: wait for it, then rest on the link again until an
  // attempt shows (the pointer leaves for a link the rules do not match in between).
  await expect.poll(() => ruleSets, { timeout: 10_000 }).toBeGreaterThan(0);
  const contact = page.locator("#pricing").getByRole("link", { name: landing.pricing.contactCta });
  await contact.scrollIntoViewIfNeeded();
  const link = planCard(page, "Creator").getByRole("link", { name: "Choose Creator" });
  const expected = new URL("/onboarding?plan=Creator", page.url()).href;
  await expect(async () => {
    await contact.hover();
    await link.hover();
    await expect.poll(() => [...attempts], { timeout: 3_000 }).toContain(expected);
  }).toPass({ timeout: 20_000 });
  expect([...attempts].every((url) => new URL(url).pathname === "/onboarding")).toBe(true);
  expect(ruleSetErrors).toEqual([]);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("every section is there and the links work", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.hero.headline);
    for (const title of [
      landing.services.title,
      landing.creators.title,
      landing.process.title,
      landing.pricing.title,
      landing.closing.title,
    ]) {
      await expect(sectionHeading(page, title)).toBeAttached();
    }
    if (isPhone(page)) {
      await page.getByRole("button", { name: landing.header.menuLabel }).tap();
      await expectLandsBelowHeader(page, "pricing", () =>
        page
          .getByRole("navigation", { name: landing.header.menuLabel })
          .getByRole("link", { name: "Pricing" })
          .tap(),
      );
    } else {
      await expectLandsBelowHeader(page, "pricing", () =>
        page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Pricing" })
          .click(),
      );
    }
    await planCard(page, "Enterprise").getByRole("link", { name: "Choose Enterprise" }).click();
    await expect(page).toHaveURL("/onboarding?plan=Enterprise");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(questionnaire.title);
  });
});
