import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "../e2e/helpers/page-health.ts";
import { dataDir } from "../e2e/helpers/stored.ts";
import { requestLink, teamOrigin } from "../e2e/helpers/team.ts";

/** The seed's team of two (tests/screenshots/seed.setup.ts); the screenshots sign in as Maya. */
export const seededMembers = [
  { email: "maya@reelsmith.example", name: "Maya Chen" },
  { email: "dan@reelsmith.example", name: "Dan Okafor" },
] as const;

/** What the screenshot spec opens (the application's and the spam's ids), beside the data. */
export const seedFile = path.join(dataDir, "screenshots-seed.json");

const shots = "docs/screenshots";

/** The page's first screen as docs/screenshots/<name>-<width>.png, fonts and images settled. */
export async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, animations: "disabled" });
}

/** Opens `path` of the server and waits for its heading. */
export async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${teamOrigin}${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Maya signs in as a member does: the emailed link, then its button. On the inbox after. */
export async function signInAsMaya(page: Page) {
  const link = await requestLink(page, seededMembers[0].email);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
}
