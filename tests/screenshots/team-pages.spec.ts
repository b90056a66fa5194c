import { readFile } from "node:fs/promises";
import { type Page, test } from "@playwright/test";
import { expect } from "../e2e/helpers/page-health.ts";
import { openTeamMenu, requestLink, teamOrigin } from "../e2e/helpers/team.ts";
import { seededMembers, seedFile } from "./seeded.ts";

// Every team page at the project's width (desktop 1440 px, phone 390 px), its first screen, into
// docs/screenshots/team-<page>-<width>.png; the phone's menu open too. Over the seed's team.

const shots = "docs/screenshots";

async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  // Fonts and images settled: a screenshot of the page as a member sees it.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${shots}/team-${name}-${width}.png`, animations: "disabled" });
}

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${teamOrigin}${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("every team page, as Maya sees it", async ({ page }) => {
  const seed = JSON.parse(await readFile(seedFile, "utf8")) as {
    application: string;
    spam: string;
  };
  await visit(page, "/team/sign-in", "Sign in");
  await shoot(page, "sign-in");

  const link = await requestLink(page, seededMembers[0].email);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  await shoot(page, "inbox");
  if (page.viewportSize()?.width === 390) {
    await openTeamMenu(page);
    await shoot(page, "menu");
  }
  await visit(page, `/team/applications/${seed.application}`, "Priya Sharma");
  await shoot(page, "application");
  await visit(page, `/team/applications/${seed.spam}`, "Crypto Gains Now");
  await shoot(page, "spam-application");
  await visit(page, "/team/unmatched", "Unmatched replies");
  await shoot(page, "unmatched");
  await visit(page, "/team/response", "Response");
  await shoot(page, "response");
  await visit(page, "/team/insights", "Insights");
  await shoot(page, "insights");
  await visit(page, "/team/settings", "Settings");
  await shoot(page, "settings");
  await visit(page, "/team/no-such-page", "Page not found");
  await shoot(page, "not-found");
});
