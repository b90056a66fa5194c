import { expectNoViolations } from "./helpers/axe";
import { submitApplication, uniqueName } from "./helpers/incoming";
import { expect, test } from "./helpers/page-health";
import { clientOf, markOnboarded, portalLink, requestTitlesOf } from "./helpers/portal";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// The client portal, in Chromium at 1440 px (desktop) and 390 px (phone): a member invites an
// Onboarded application, the applicant signs in by the emailed link, asks for a video, and the
// team sees it; the client's session never opens /team.
test("invite, sign in by the emailed link, request a video; the team sees it", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow(); // two browsers, a dozen pages, axe on three
  const member = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, member);
  const name = uniqueName("Portal Paula");
  const email = `portal-${Date.now().toString(36)}-${testInfo.project.name}@example.com`;
  const id = await submitApplication(request, { name, email, selectedPlan: "Creator" });

  // Not Onboarded yet: no invite.
  await page.goto(`${teamOrigin}/team/applications/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite to the portal" })).toHaveCount(0);
  await markOnboarded(page, id);
  await page.getByRole("button", { name: "Invite to the portal" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(
    page.getByText(`Invited: the sign-in email is on its way to ${email}.`),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const client = await clientOf(id);
  expect(client.plan).toBe("Creator");

  // The applicant, in a browser of their own, opens the invite (opening uses nothing).
  const link = await portalLink(email);
  const theirs = await browser.newContext({ ...testInfo.project.use, baseURL: teamOrigin });
  const clientPage = await theirs.newPage();
  await clientPage.goto(link);
  await expect(clientPage.getByText(`Signing in as ${email}.`)).toBeVisible();
  await expectNoViolations(clientPage, "portal link page", true);
  await clientPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(clientPage).toHaveURL(`${teamOrigin}/portal`);
  await expect(clientPage.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(clientPage.getByText("Creator plan: 3 videos a week")).toBeVisible();
  await expect(clientPage.getByText("This week: 0 of 3 videos requested")).toBeVisible();
  await expect(clientPage.getByText("uploads", { exact: false })).toHaveCount(0);
  await expectNoViolations(clientPage, "portal home", true);
  const cookies = await theirs.cookies();
  expect(cookies.find((cookie) => cookie.name === "portal_session")).toMatchObject({
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
  });

  // A request; a wrong one first: messages by the fields, nothing stored.
  await clientPage.getByRole("button", { name: "Send the request" }).click();
  await expect(
    clientPage.getByText("Please give the request a title (up to 120 characters)"),
  ).toBeVisible();
  expect(await requestTitlesOf(client.id)).toEqual([]);
  await clientPage.getByLabel("Title").fill("Spring recipes hook");
  await clientPage
    .getByLabel("What you want")
    .fill("A 30-second hook for the spring recipe series.");
  await clientPage.getByLabel("Platform").selectOption("TikTok");
  const wished = new Date(Date.now() + 10 * 24 * 3600_000).toISOString().slice(0, 10);
  await clientPage.getByLabel("Wished posting date").fill(wished);
  await clientPage.getByRole("button", { name: "Send the request" }).click();
  await expect(clientPage.getByText("Request received: Spring recipes hook.")).toBeVisible();
  await expect(clientPage.getByText("This week: 1 of 3 videos requested")).toBeVisible();
  await expect(clientPage.getByText("Starts this week")).toBeVisible();
  expect(await requestTitlesOf(client.id)).toEqual(["Spring recipes hook"]);

  // The client's session never opens the team's side.
  await clientPage.goto(`${teamOrigin}/team`);
  await expect(clientPage).toHaveURL(`${teamOrigin}/team/sign-in`);
  await clientPage.goto(`${teamOrigin}/team/clients/${client.id}`);
  await expect(clientPage).toHaveURL(`${teamOrigin}/team/sign-in`);

  // The team sees it: the list, this week's count against the plan, the client's page.
  await page.goto(`${teamOrigin}/team/clients`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("1 of 3");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Spring recipes hook" })).toBeVisible();

  // Signing out ends the session.
  await clientPage.goto(`${teamOrigin}/portal`);
  await clientPage.getByRole("button", { name: "Sign out" }).click();
  await expect(clientPage.getByText("You are signed out.")).toBeVisible();
  await expectNoViolations(clientPage, "portal sign-in", true);
  await clientPage.goto(`${teamOrigin}/portal`);
  await expect(clientPage).toHaveURL(`${teamOrigin}/portal/sign-in`);
  await theirs.close();
});
