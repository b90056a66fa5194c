import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { submitApplication } from "./helpers/incoming";
import { expect, test } from "./helpers/page-health";
import { addMember, memberAddress, requestLink, signIn, teamOrigin } from "./helpers/team";

// Zero axe violations on every team page, in both projects: desktop (1440 px) and phone (390 px).
async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${what}: ${violation.id} (${violation.nodes.length})`),
  ).toEqual([]);
}

test("the sign-in pages have no accessibility violations", async ({ page }, testInfo) => {
  await page.goto(`${teamOrigin}/team/sign-in`);
  await expectNoViolations(page, "sign-in");
  const email = memberAddress(testInfo.title, testInfo.project.name);
  await addMember(email);
  const link = await requestLink(page, email);
  await expectNoViolations(page, "check your inbox");
  await page.goto(link);
  await expectNoViolations(page, "link page");
  await page.goto(`${teamOrigin}/team/sign-in/link?token=used-or-unknown`);
  await expectNoViolations(page, "used link");
});

test("the inbox, an application and the 404 page have no accessibility violations", async ({
  page,
  request,
  health,
}, testInfo) => {
  test.slow(); // six pages analysed by axe
  health.allow(/status of 404/);
  const member = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, member);
  const id = await submitApplication(request, { name: "Axe Abigail" });
  await page.goto(`${teamOrigin}/team`);
  await expectNoViolations(page, "inbox");
  await page.goto(`${teamOrigin}/team?q=Axe+Abigail&status=new&plan=Creator`);
  await expectNoViolations(page, "inbox, filtered");
  await page.goto(`${teamOrigin}/team/applications/${id}`);
  await page.getByRole("textbox", { name: "Note" }).fill("Looks like a great fit.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added.")).toBeVisible();
  await page.locator("summary", { hasText: "Erase" }).click();
  await expectNoViolations(page, "application");
  await page.goto(`${teamOrigin}/team/applications/00000000-0000-4000-8000-000000000000`);
  await expectNoViolations(page, "404");
});
