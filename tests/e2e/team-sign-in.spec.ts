import { withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { withDatabase } from "./helpers/stored";
import {
  addMember,
  memberAddress,
  requestLink,
  signIn,
  signInLinks,
  teamOrigin,
} from "./helpers/team";

// Behaviour once, at 1440 px: the phone project (390 px) runs the team pages' axe checks.
test.skip(({ isMobile }) => isMobile, "desktop only");

// Signing in to /team by an emailed one-time link (read from the .eml file the server writes),
// in a real Chromium, with scripts on and off: the forms post to route actions either way.
withAndWithoutJavaScript((javaScriptEnabled) => {
  test("a member signs in by the emailed link, and signing out ends the session", async ({
    page,
  }, testInfo) => {
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await addMember(email);
    const link = await requestLink(page, email);
    await expect(page.getByText(`If ${email} belongs to a team member`)).toBeVisible();

    // Opening the link (as a mail scanner would) signs no one in and uses nothing.
    await page.goto(link);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Sign in to Reelsmith" })).toBeVisible();
    await expect(page.getByText(`You are signing in as ${email}.`)).toBeVisible();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${teamOrigin}/team`);
    await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "team.session_token")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
    });

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto(`${teamOrigin}/team`);
    await expect(page).toHaveURL(`${teamOrigin}/team/sign-in`);
  });

  test("a used link says so and offers a new one", async ({ page, browser }, testInfo) => {
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await addMember(email);
    const link = await requestLink(page, email);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();

    const other = await browser.newPage({ javaScriptEnabled });
    await other.goto(link);
    await expect(
      other.getByRole("heading", { name: "This sign-in link has already been used" }),
    ).toBeVisible();
    await other.getByRole("link", { name: "Send a new link" }).click();
    await expect(other).toHaveURL(`${teamOrigin}/team/sign-in`);
    await other.close();
  });

  test("an expired link says so, refuses to sign in, and offers a new one", async ({
    page,
    health,
  }, testInfo) => {
    health.allow(/status of 410/); // the refused POST's answer: 410 Gone
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await addMember(email);
    const link = await requestLink(page, email);
    await page.goto(link);
    // Sixteen minutes pass, for this link.
    await withDatabase((database) =>
      database.db
        .updateTable("teamVerifications")
        .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
        .where("value", "like", `%${email}%`)
        .execute(),
    );
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "This sign-in link has expired" }),
    ).toBeVisible();
    await expect(page.getByText("Sign-in links work for 15 minutes.")).toBeVisible();
    await page.goto(link);
    await expect(
      page.getByRole("heading", { name: "This sign-in link has expired" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Send a new link" }).click();
    await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
    await page.goto(`${teamOrigin}/team`);
    await expect(page).toHaveURL(`${teamOrigin}/team/sign-in`);
  });

  test("someone who is not a member gets the same answer and no email", async ({
    page,
  }, testInfo) => {
    const email = memberAddress(`stranger ${testInfo.title}`, testInfo.project.name);
    await page.goto(`${teamOrigin}/team/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(`If ${email} belongs to a team member`)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await signInLinks(email)).toEqual([]);
  });
});

test.describe("refusals", () => {
  test("team pages, data requests and actions without a session go to the sign-in page", async ({
    page,
    request,
  }) => {
    for (const path of ["/team", "/team/applications/00000000-0000-4000-8000-000000000000"]) {
      await page.goto(`${teamOrigin}${path}`);
      await expect(page).toHaveURL(`${teamOrigin}/team/sign-in`);
      await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
    }
    // JavaScript's data request: the redirect React Router's client follows.
    const data = await request.get(`${teamOrigin}/team.data`, { maxRedirects: 0 });
    expect(data.status()).toBe(204);
    expect(data.headers()["x-remix-redirect"]).toBe("/team/sign-in");
    const action = await request.post(
      `${teamOrigin}/team/applications/00000000-0000-4000-8000-000000000000`,
      { form: { intent: "spam" }, headers: { Origin: teamOrigin }, maxRedirects: 0 },
    );
    expect(action.status()).toBe(303);
    expect(action.headers().location).toBe("/team/sign-in");
  });

  test("a cross-site POST gets 403, even with a session", async ({ page }, testInfo) => {
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    const answer = await page.request.post(`${teamOrigin}/team/sign-out`, {
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  });

  test("an unknown application is a 404 page", async ({ page, health }, testInfo) => {
    health.allow(/status of 404/);
    await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const answer = await page.goto(`${teamOrigin}/team/applications/${id}`);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Application not found" })).toBeVisible();
    }
  });
});
