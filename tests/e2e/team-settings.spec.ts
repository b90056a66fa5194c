import type { ParsedMail } from "mailparser";
import { findMember } from "../../server/db/members.ts";
import { expectNoViolations } from "./helpers/axe";
import { submitApplication, uniqueName } from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { sentEmails, withDatabase } from "./helpers/stored";
import {
  expectSaid,
  makeAdmin,
  memberAddress,
  openTeamMenu,
  signIn,
  takeUntilTaken,
  teamOrigin,
} from "./helpers/team";

// /team/settings as a team would use it, at 1440 px with scripts on and off and at 390 px with
// scripts on: a member names themselves, and the name is what the inbox's Owner column and the
// From of their reply say; a member who is not an admin sees the team but cannot change it, and
// the server refuses a hand-made POST; an admin adds and removes a member.

/** The one reply email whose Message-ID holds `part` (its row's id), once written. */
async function sentEmail(part: string): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(async () => {
      found = await sentEmails((name) => name.includes(part) && name.includes(".reply@"));
      return found.length;
    })
    .toBe(1);
  return found[0] as ParsedMail;
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);

  test("a member's display name is their name in the Owner column and in their reply's From", async ({
    page,
    request,
    health,
  }, testInfo) => {
    test.setTimeout(120_000);
    health.allow(/status of 400/); // the name refused on purpose answers 400 with the page
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    const displayName = uniqueName("Rosa Delgado");

    // 1. Settings, from the top bar (marked as the current page there).
    await (await openTeamMenu(page)).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(`${teamOrigin}/team/settings`);
    await expect(
      (await openTeamMenu(page)).getByRole("link", { name: "Settings" }),
    ).toHaveAttribute("aria-current", "page");
    const profile = page.getByRole("region", { name: "Your profile" });
    // A name the page cannot show is refused beneath its field, and nothing is saved.
    await profile.getByLabel("Display name").fill("   ");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please check the fields below.");
    await expect(profile.getByText("Please fill this in.")).toBeVisible();
    await profile.getByLabel("Display name").fill(displayName);
    await profile.getByLabel("Signature").fill(`Warmly,\n${displayName}`);
    await profile.getByLabel("Time zone").selectOption("Europe/Paris");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile saved." })).toBeVisible();
    await expect(profile.getByLabel("Display name")).toHaveValue(displayName);
    await expect(profile.getByLabel("Time zone")).toHaveValue("Europe/Paris");
    await expectNoViolations(page, "settings", javaScriptEnabled);

    // 2. An application, taken: the inbox's Owner column names them by that name.
    const applicant = uniqueName("Nia Owner");
    const id = await submitApplication(request, { name: applicant, selectedPlan: "Creator" });
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: applicant })).toBeVisible();
    // Times in their zone (Paris: UTC+1 in winter, +2 in summer), one format.
    await expect(
      page.getByText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\+[12]$/).first(),
    ).toBeVisible();
    const owner = page.getByRole("region", { name: "Summary" });
    const mine = owner.getByText("You", { exact: true });
    // Theirs by the round robin already, or someone else's: then Take it.
    await expect(mine.or(owner.getByRole("button", { name: "Take it" }))).toBeVisible();
    await takeUntilTaken(page, owner, mine, javaScriptEnabled);
    await page.goto(`${teamOrigin}/team?q=${encodeURIComponent(applicant)}`);
    const row = page.getByRole("row").filter({ hasText: applicant });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(displayName);

    // 3. Their reply goes From "<display name> at Reelsmith" at the team's address, and the
    // templates end with their signature.
    await page.goto(`${teamOrigin}/team/applications/${id}?template=creator-call`);
    const reply = page.getByRole("region", { name: "Reply" });
    const message = reply.getByRole("textbox", { name: "Message" });
    await expect(message).toHaveValue(new RegExp(`\\n\\nWarmly,\\n${displayName}$`));
    await reply.getByRole("button", { name: "Send reply" }).click();
    await expectSaid(page, "Reply sent: it is on its way to the applicant.");
    const recorded = await withDatabase((database) =>
      database.db
        .selectFrom("applicationMessages")
        .select("id")
        .where("submissionId", "=", id)
        .where("direction", "=", "out")
        .executeTakeFirstOrThrow(),
    );
    const sent = await sentEmail(recorded.id);
    expect(sent.from?.value).toEqual([
      { name: `${displayName} at Reelsmith`, address: "hello@reelsmith.example" },
    ]);
  });

  test("only an admin changes the team: the server refuses anyone else", async ({
    page,
    health,
  }, testInfo) => {
    health.allow(/status of 403/);
    test.setTimeout(120_000);
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    await page.goto(`${teamOrigin}/team/settings`);
    const members = page.getByRole("region", { name: "Members" });
    await expect(
      members.getByText("Only admins can add or remove members. Ask one of them."),
    ).toBeVisible();
    await expect(members.getByRole("button", { name: "Add member" })).toHaveCount(0);

    // A hand-made POST from the page's own origin, with its session: refused, nothing added.
    const stranger = `stranger-${Date.now().toString(36)}@example.net`;
    const forged = await page.request.post(`${teamOrigin}/team/settings`, {
      form: { intent: "add", email: stranger, name: "Stranger", admin: "1" },
      headers: { Origin: teamOrigin },
    });
    expect(forged.status()).toBe(403);
    expect(await withDatabase((database) => findMember(database, stranger))).toBeUndefined();

    // Made admin (as `npm run team -- admin` does), they add a member, then remove them.
    await makeAdmin(email);
    await page.reload();
    const added = `added-${Date.now().toString(36)}@team.example`;
    await members.getByLabel("Email", { exact: true }).fill(added);
    await members.getByLabel("Name", { exact: true }).fill("Ade Added");
    await members.getByRole("button", { name: "Add member" }).click();
    await expectSaid(page, "Member added: they can sign in at /team/sign-in.");
    await expect(members.getByRole("rowheader").filter({ hasText: added })).toBeVisible();
    await members.getByRole("button", { name: "Remove Ade Added" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Member removed, and signed out everywhere." }),
    ).toBeVisible();
    expect(await withDatabase((database) => findMember(database, added))).toBeUndefined();
    await expectNoViolations(page, "settings, admin", javaScriptEnabled);
  });
});

test("a team address no page has answers 404 inside the team's shell", async ({
  page,
  health,
}, testInfo) => {
  health.allow(/status of 404/);
  const email = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, email);
  const answer = await page.goto(`${teamOrigin}/team/no-such-page`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await openTeamMenu(page); // the top bar's pages: in its row, or in its menu on a phone
  await page.keyboard.press("Escape"); // the menu closed, the page's own link in reach
  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
});
