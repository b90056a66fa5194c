import { expect, test } from "@playwright/test";
import { expectFirstFrameWaitsForTheEnd } from "./helpers/render-blocking.ts";

test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/no/such/page?x=1");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect.poll(() => errors.join("\n")).toContain("/no/such/page");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the 404 page loads none of the app's scripts and logs the path once", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("non-existent route")) logged.push(message.text());
  });
  const response = await page.goto("/missing/page");
  expect(response?.status()).toBe(404);
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  expect(logged).toEqual(["404 Error: User attempted to access non-existent route: /missing/page"]);
  // Without the app, the link home is a plain link, and works.
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("its first frame waits for its last element: the centred block never re-centres", async ({
  page,
}) => {
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
  await expectFirstFrameWaitsForTheEnd(page);
});
