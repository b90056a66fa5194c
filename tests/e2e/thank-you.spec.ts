import AxeBuilder from "@axe-core/playwright";
import { animationRun } from "./helpers/page-health.ts";
import { expectFirstFrameWaitsForTheEnd } from "./helpers/render-blocking.ts";
import {
  expect,
  fillForm,
  interceptIntake,
  openForm,
  send,
  submitButton,
  test,
} from "./onboarding-page";

// The confirmation page (docs/product.md), prerendered at build time.

test("says thank you, promises a reply within 24 hours and leads home", async ({ page }) => {
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Your submission has been received", { exact: true })).toBeVisible();
  await expect(page.getByText(/reach out within 24 hours/)).toBeVisible();
  await expect(page.getByText(/inbox/)).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("its first frame waits for its last element: the centred block never re-centres", async ({
  page,
}) => {
  await page.goto("/thank-you");
  await expectFirstFrameWaitsForTheEnd(page);
});

test("is served whole from the build, readable without JavaScript", async ({ request }) => {
  const response = await request.get("/thank-you");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Thank You!");
  expect(html).toContain("Your submission has been received");
  expect(html).toContain("within 24 hours");
  expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/);
});

test("the heading shows at once, the confirmation fades in after 200 ms; reduced motion: none", async ({
  page,
}) => {
  await page.goto("/thank-you");
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  expect(await heading.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  const content = page
    .locator("div", { has: page.getByText("Your submission has been received") })
    .last();
  expect(await animationRun(content)).toEqual({
    name: "fade-up",
    delay: 200,
    fromOpacity: "0.01",
    endOpacity: "1",
  });

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  expect(await content.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  expect(await content.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
});

test("opens at the top after the questionnaire is sent from the bottom of its form", async ({
  page,
}) => {
  // Short enough that the confirmation scrolls too: a kept position would show.
  await page.setViewportSize({ width: 390, height: 400 });
  await interceptIntake(page);
  await openForm(page);
  await fillForm(page);
  await submitButton(page).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await send(page);
  await expect(page).toHaveURL("/thank-you");
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("its static HTML carries no script at all", async ({ request }) => {
  const html = await (await request.get("/thank-you")).text();
  expect(html).not.toMatch(/<script\b/);
  expect(html).not.toMatch(/modulepreload/);
});

test("no axe violations", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
