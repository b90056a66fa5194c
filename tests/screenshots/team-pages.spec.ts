import { readFile } from "node:fs/promises";
import { test } from "@playwright/test";
import { openTeamMenu } from "../e2e/helpers/team.ts";
import { seedFile, shoot, signInAsMaya, visit } from "./seeded.ts";

// Every team page at the project's width (desktop 1440 px, phone 390 px), its first screen, into
// docs/screenshots/team-<page>-<width>.png; the phone's menu open too. Over the seed's team.

test("every team page, as Maya sees it", async ({ page }) => {
  const seed = JSON.parse(await readFile(seedFile, "utf8")) as {
    application: string;
    spam: string;
  };
  await visit(page, "/team/sign-in", "Sign in");
  await shoot(page, "team-sign-in");

  await signInAsMaya(page);
  await shoot(page, "team-inbox");
  if (page.viewportSize()?.width === 390) {
    await openTeamMenu(page);
    await shoot(page, "team-menu");
  }
  await visit(page, `/team/applications/${seed.application}`, "Priya Sharma");
  await shoot(page, "team-application");
  await visit(page, `/team/applications/${seed.spam}`, "Crypto Gains Now");
  await shoot(page, "team-spam-application");
  await visit(page, "/team/unmatched", "Unmatched replies");
  await shoot(page, "team-unmatched");
  await visit(page, "/team/response", "Response");
  await shoot(page, "team-response");
  await visit(page, "/team/insights", "Insights");
  await shoot(page, "team-insights");
  await visit(page, "/team/settings", "Settings");
  await shoot(page, "team-settings");
  await visit(page, "/team/no-such-page", "Page not found");
  await shoot(page, "team-not-found");
});
