import type { Page } from "@playwright/test";
import { analyze } from "./helpers/axe";
import { postInbound, strayEmail, submitApplication, uniqueName } from "./helpers/incoming";
import { expect, test } from "./helpers/page-health";
import { memberAddress, openTeamMenu, signIn, teamOrigin } from "./helpers/team";

// axe on every team page, at 1440 px (desktop) and 390 px (phone), with a seeded application,
// a spam one, a reply that matched nothing, and the phone's menu open: zero violations. The
// sign-in pages have theirs in team-a11y.spec.ts, the no-script twins in the flows' specs.

async function check(page: Page, path: string, what: string, heading: string | RegExp) {
  const answer = await page.goto(`${teamOrigin}${path}`);
  expect(answer?.status(), what).toBeLessThan(path.includes("no-such") ? 500 : 400);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await analyze(page, what);
}

test("every team page has no accessibility violations", async ({
  page,
  request,
  health,
}, testInfo) => {
  test.setTimeout(120_000); // ten pages analysed by axe
  health.allow(/status of 404/);
  await page.goto(`${teamOrigin}/team/sign-in`);
  await analyze(page, "sign-in");
  const email = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, email);
  const name = uniqueName("Axe Ada");
  const id = await submitApplication(request, { name });
  const spamName = uniqueName("Axe Spam");
  const spam = await submitApplication(request, {
    name: spamName,
    website: "https://spam.example",
  });
  const strayMail = uniqueName("Axe stray");
  const { matched } = await postInbound(
    strayEmail(strayMail, "Hello, is this the right address for my application?"),
  );
  expect(matched).toBe(false);

  await check(page, "/team", "inbox", "Applications");
  await check(page, `/team/applications/${id}`, "application", name);
  await check(page, `/team/applications/${spam}`, "spam application", spamName);
  await check(page, "/team/unmatched", "unmatched", "Unmatched replies");
  // Its choices, after a name typed in Attach to application.
  const stray = page.getByRole("article", { name: strayMail });
  // Other tests' mail can push it to an older page meanwhile.
  for (let pages = 0; (await stray.count()) === 0 && pages < 50; pages += 1) {
    await page.getByRole("link", { name: "Older emails" }).click();
    await expect(page.getByRole("link", { name: "Back to the newest" })).toBeVisible();
  }
  await stray.getByRole("textbox", { name: "Application", exact: true }).fill(name);
  await stray.getByRole("button", { name: "Attach to application" }).click();
  await expect(stray.getByRole("button", { name: new RegExp(name) })).toBeVisible();
  await analyze(page, "unmatched, choices");
  await check(page, "/team/response", "response", "Response");
  await check(page, "/team/insights", "insights", "Insights");
  await check(page, "/team/settings", "settings", "Settings");
  await check(page, "/team/no-such-page", "team 404", "Page not found");
  // The top bar's menu, open (a phone's; at 1440 px the row itself was checked on each page).
  await page.goto(`${teamOrigin}/team`);
  await openTeamMenu(page);
  await analyze(page, "top bar, menu open");
  // Signed out: the sign-in page again, as it says so.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await analyze(page, "signed out");
});
