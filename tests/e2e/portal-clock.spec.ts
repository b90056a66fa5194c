import { expectNoViolations } from "./helpers/axe";
import { expect, test } from "./helpers/page-health";
import { signedInAs, storedSignedInClient } from "./helpers/portal";
import { withDatabase } from "./helpers/stored";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// The plan's clock (decision 0093), in Chromium at 1440 and 390 px: the client marks a
// request's footage complete (once); /team/cuts shows it due in the Creator plan's 7 days with
// the editor the round robin gave it; the team marks it waiting on the client and back to work.

const editorOf = (requestId: string) =>
  withDatabase((database) =>
    database.db
      .selectFrom("clientRequests")
      .select(["editorId", "footageCompleteAt"])
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow(),
  );

test("the client marks footage complete; Cuts due shows it with its editor; pause and resume", async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.slow(); // two browsers
  const member = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, member);
  const client = await storedSignedInClient(`Clock Cleo ${testInfo.project.name}`);
  const theirs = await browser.newContext({ ...testInfo.project.use, baseURL: teamOrigin });
  await signedInAs(theirs, client.token);
  const clientPage = await theirs.newPage();
  await clientPage.goto(`${teamOrigin}/portal/requests/${client.requestId}`);
  await expect(clientPage.getByRole("heading", { level: 1, name: client.title })).toBeVisible();
  // Another client's person cannot mark it (404), nor anyone from another origin: nothing changes.
  const stranger = await storedSignedInClient(`Clock Stranger ${testInfo.project.name}`);
  const strangers = await playwright.request.newContext({
    extraHTTPHeaders: { Cookie: `portal_session=${stranger.token}`, Origin: teamOrigin },
  });
  const theirsByStranger = await strangers.post(
    `${teamOrigin}/portal/requests/${client.requestId}`,
    { form: { intent: "footage-complete" }, maxRedirects: 0 },
  );
  expect(theirsByStranger.status()).toBe(404);
  const foreign = await playwright.request.newContext({
    extraHTTPHeaders: { Cookie: `portal_session=${client.token}`, Origin: "https://evil.example" },
  });
  const crossOrigin = await foreign.post(`${teamOrigin}/portal/requests/${client.requestId}`, {
    form: { intent: "footage-complete" },
    maxRedirects: 0,
  });
  expect(crossOrigin.status()).toBe(403);
  expect((await editorOf(client.requestId)).footageCompleteAt).toBeNull();
  await strangers.dispose();
  await foreign.dispose();
  const before = Date.now();
  await clientPage.getByRole("button", { name: "My footage is complete" }).click();
  await expect(clientPage.getByText("Thank you: the team starts on your cut.")).toBeVisible();
  await expect(
    clientPage.getByText(/Footage complete since .*Your next cut is due by/),
  ).toBeVisible();
  await expect(clientPage.getByRole("button", { name: "My footage is complete" })).toHaveCount(0);
  await expectNoViolations(clientPage, "portal request with its clock", true);
  const stored = await editorOf(client.requestId);
  expect(Number(stored.footageCompleteAt)).toBeGreaterThanOrEqual(before - 1000);
  expect(stored.editorId).not.toBeNull();

  // The team's Cuts due, a tab of the client pages: the request, its client, its editor, due in
  // 7 days (Creator).
  await page.goto(`${teamOrigin}/team/clients`);
  const tabs = page.getByRole("navigation", { name: "Client pages" });
  await tabs.getByRole("link", { name: "Cuts due" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cuts due" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Cuts due" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.locator(`[data-request="${client.requestId}"]`);
  await expect(row).toBeVisible();
  await expect(
    row.getByRole("link", { name: `Clock Cleo ${testInfo.project.name}`, exact: true }),
  ).toBeVisible();
  await expect(row.getByText(`${client.title} · First cut`)).toBeVisible();
  // The title opens the request's page (its footage, where the cut goes).
  await expect(row.getByRole("link", { name: client.title, exact: true })).toHaveAttribute(
    "href",
    `/team/clients/${client.clientId}/requests/${client.requestId}`,
  );
  await expect(row.getByLabel("Editor")).toHaveValue(String(stored.editorId));
  await expect(row.getByText(/Running: (6 d|7 d|16\d h|167 h|168 h).* left/)).toBeVisible();
  await expectNoViolations(page, "cuts due", true);

  // Waiting on the client: the clock stops; back to work: it runs again.
  await row.getByRole("button", { name: "Waiting on the client" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(row).toHaveAttribute("data-state", "paused");
  await expect(row.getByText(/Waiting on the client: .* left \(stopped\)/)).toBeVisible();
  await row.getByRole("button", { name: "Back to work" }).click();
  await expect(row).toHaveAttribute("data-state", "running");

  // The clients' list counts it due.
  await page.goto(`${teamOrigin}/team/clients`);
  await expect(page.locator(`[data-client="${client.clientId}"] [data-cuts]`)).toHaveText(
    "1 due, 0 overdue",
  );

  // The team marks another client's footage complete from its page: Cuts due lists it.
  const other = await storedSignedInClient(`Clock Otto ${testInfo.project.name}`);
  await page.goto(`${teamOrigin}/team/clients/${other.clientId}`);
  await page.getByRole("button", { name: "Mark footage complete" }).click();
  await expect(page).toHaveURL(`${teamOrigin}/team/cuts`);
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.locator(`[data-request="${other.requestId}"]`)).toHaveAttribute(
    "data-state",
    "running",
  );
  expect((await editorOf(other.requestId)).footageCompleteAt).not.toBeNull();
  await theirs.close();
});
