import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { applicationPath } from "../../app/shared/paths.ts";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { awayUpdate, isAway, memberChoices } from "../../server/db/members.ts";
import { expectNoViolations } from "./helpers/axe";
import { submitApplication, uniqueName } from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { withRoundRobinTurn } from "./helpers/round-robin";
import { applicationColumn, withDatabase } from "./helpers/stored";
import {
  followToApplication,
  inboxFilters,
  memberAddress,
  memberId,
  openTeamMenu,
  signIn,
  takeUntilTaken,
  teamOrigin,
} from "./helpers/team";

// The 24-hour promise as a new member walks it, at 1440 px with scripts on and off and at 390 px
// with scripts on (phoneWithScriptsOnly): an application of their own by round robin, its clock in
// the inbox, Take it, the first answer, the Response page, Away and back, and axe on every page.

/** Sets members Away (skipped by the round robin) or Available, keeping their turn. */
async function setAway(database: DatabaseHandle, ids: string[], away: boolean): Promise<void> {
  for (const id of ids) await awayUpdate(database, id, away).execute();
}

/** The member who owns an application (null: unassigned). */
const ownerOf = (id: string) => applicationColumn(id, "ownerId");

/**
 * An application that the round robin gives to `me`: in the round robin's turn, every other
 * member Away, one submitted, then the others as they were. A member who joins in between
 * (another test signing in: new members are Available) can still take it: then at once again,
 * up to 3 times. Its name.
 */
async function applicationOfMine(request: APIRequestContext, me: string): Promise<string> {
  return withRoundRobinTurn(async () => {
    const others = await withDatabase(async (database) =>
      (await memberChoices(database)).filter((member) => member.id !== me && !member.away),
    );
    const ids = others.map((member) => member.id);
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        await withDatabase(async (database) => {
          await setAway(database, ids, true);
          await setAway(database, [me], false);
        });
        const name = uniqueName("Promise Pia");
        const id = await submitApplication(request, { name });
        const owner = await ownerOf(id);
        if (owner === me) return name;
        // A member who joined meanwhile: Away too for the next attempt, and back after.
        if (owner && !ids.includes(owner)) ids.push(owner);
      }
      throw new Error("the round robin did not give this member an application in 3 attempts");
    } finally {
      await withDatabase((database) => setAway(database, ids, false));
    }
  });
}

/** The inbox's filters, applied: Owner (its label), Due "Any", and the search. */
async function filterInbox(page: Page, owner: "Anyone" | "Me", search: string) {
  const filters = await inboxFilters(page);
  await filters.getByRole("combobox", { name: "Owner" }).selectOption({ label: owner });
  await filters.getByRole("combobox", { name: "Due" }).selectOption({ label: "Any" });
  await filters.getByLabel("Search").fill(search);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  // This search's page: the one it was sent from may already carry another search.
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === search);
}

/**
 * Presses the top bar's button and sees the badge say `to` and the button that switches back,
 * in the round robin's turn: no other test changes anyone's availability meanwhile.
 */
async function switchAvailability(availability: Locator, me: string, to: "Away" | "Available") {
  const page = availability.page();
  const press = to === "Away" ? "Set yourself away" : "Set yourself available";
  const back = to === "Away" ? "Set yourself available" : "Set yourself away";
  await withRoundRobinTurn(async () => {
    await openTeamMenu(page); // on a phone, the top bar's controls are in its menu
    await availability.getByRole("button", { name: press }).click();
    // Saved on the server (on a phone the answer closes the menu: its badge is read after).
    await expect.poll(() => withDatabase((database) => isAway(database, me))).toBe(to === "Away");
  });
  await openTeamMenu(page);
  await expect(availability.getByText(to, { exact: true })).toBeVisible();
  await expect(availability.getByRole("button", { name: back })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

/** Opens an application from its row: that application's own page, by its id. */
async function openFromRow(page: Page, name: string, id: string) {
  const link = row(page, name).getByRole("link", { name });
  await followToApplication(link, name, `${teamOrigin}${applicationPath(id)}`);
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a new member keeps the 24-hour promise", async ({ page, request }, testInfo) => {
    test.setTimeout(150_000); // a long walk, and four pages analysed by axe
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    const me = await memberId(email);
    const availability = page.getByRole("form", { name: "Your availability" });

    // 1–2. The round robin gives them an application; the inbox's Owner "Me" shows its clock.
    const mine = await applicationOfMine(request, me);
    await page.goto(`${teamOrigin}/team`);
    await filterInbox(page, "Me", mine);
    await expect(page).toHaveURL(/[?&]owner=me/);
    await expect(row(page, mine)).toHaveCount(1);
    await expect(row(page, mine).getByRole("link", { name: mine })).toBeVisible();
    await expect(row(page, mine).getByText("Due in 23 h", { exact: true })).toBeVisible();

    // 3. Another application, not theirs (they are Away while it arrives): Take it.
    const taken = uniqueName("Promise Paco");
    const takenId = await withRoundRobinTurn(async () => {
      await withDatabase((database) => setAway(database, [me], true));
      try {
        return await submitApplication(request, { name: taken });
      } finally {
        await withDatabase((database) => setAway(database, [me], false));
      }
    });
    expect(await ownerOf(takenId)).not.toBe(me);
    await filterInbox(page, "Anyone", taken);
    await openFromRow(page, taken, takenId);
    const ownerPanel = page.getByRole("region", { name: "Summary" });
    await expect(ownerPanel.getByText("Due in 23 h", { exact: true })).toBeVisible();
    await expect(ownerPanel.getByText("You", { exact: true })).toHaveCount(0);
    const yours = page.getByRole("status").filter({ hasText: "It is yours now." });
    await takeUntilTaken(page, ownerPanel, yours, javaScriptEnabled);
    await expect(ownerPanel.getByText("You", { exact: true })).toBeVisible();
    await expect(ownerPanel.getByRole("button", { name: "Take it" })).toHaveCount(0);
    await expect(ownerPanel.getByRole("combobox", { name: "Owner" })).toHaveValue(me);
    // The audit log is folded under Details: its lines are on the page, not shown.
    const audit = page.locator("#details");
    await expect(audit.getByText(`${email} gave it to ${email}`)).toBeAttached();

    // 4. Contacted: its first answer; the inbox tells how soon it came.
    await page.getByRole("button", { name: "Contacted", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
    await expect(audit.getByText(`${email} set the status to Contacted`)).toBeAttached();
    await expect(ownerPanel.getByText(/^Answered in (under 1 min|\d+ min)$/)).toBeVisible();
    await page.getByRole("link", { name: "Back to the inbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
    await filterInbox(page, "Anyone", taken);
    await expect(row(page, taken)).toHaveCount(1);
    await expect(row(page, taken).getByText(/^Answered in (under 1 min|\d+ min)$/)).toBeVisible();
    await expect(row(page, taken)).toContainText("Contacted");

    // 5. The Response page, from the top bar: figures for the last 7 days, and the chart.
    await (await openTeamMenu(page)).getByRole("link", { name: "Response", exact: true }).click();
    await expect(page).toHaveURL(`${teamOrigin}/team/response`);
    await expect(page.getByRole("heading", { level: 1, name: "Response" })).toBeVisible();
    const week = page.getByRole("region", { name: "Last 7 days" });
    await expect(week.getByRole("term").filter({ hasText: /^Applications$/ })).toBeVisible();
    const weekApplications = week.getByRole("definition").first();
    await expect(weekApplications).toHaveText(/^\d+$/);
    expect(Number(await weekApplications.textContent())).toBeGreaterThanOrEqual(1);
    await expect(week.getByRole("term").filter({ hasText: "Answered in time" })).toBeVisible();
    // The rate counts only applications due or answered: this test's fresh ones, whose clock
    // still runs, are "Not due yet" and outside it.
    const inTime = week.locator("dt:text-is('Answered in time') + dd");
    await expect(inTime).toHaveText(/^(\d+ of \d+ \(\d+ %\)|—)$/);
    const notDue = week.locator("dt:text-is('Not due yet') + dd");
    await expect(notDue).toHaveText(/^\d+$/);
    expect(Number(await notDue.textContent())).toBeGreaterThanOrEqual(1);
    const chart = page.getByRole("img", { name: /^Applications per day, last 28 days: / });
    await expect(chart).toBeVisible();
    const summary = (await chart.getAttribute("aria-label")) ?? "";
    const charted = Number(/: (\d+) applications,/.exec(summary)?.[1] ?? 0);
    expect(charted, summary).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("listitem").filter({ hasText: "Still open" })).toBeVisible();

    // 6. Away from the top bar, and back (each press in the round robin's turn).
    await page.reload();
    await switchAvailability(availability, me, "Away");
    await expect(page).toHaveURL(`${teamOrigin}/team/response`);
    await switchAvailability(availability, me, "Available");
    await expect(page).toHaveURL(`${teamOrigin}/team/response`);

    // 7. No accessibility violations: the Response page, the inbox filtered by Owner and Due,
    // and the application.
    await expectNoViolations(page, "response", javaScriptEnabled);
    await page.goto(`${teamOrigin}/team?owner=me&due=today`);
    const filters = await inboxFilters(page);
    await expect(filters.getByRole("combobox", { name: "Owner" })).toHaveValue("me");
    await expect(filters.getByRole("combobox", { name: "Due" })).toHaveValue("today");
    await expectNoViolations(page, "inbox, Owner Me, Due today", javaScriptEnabled);
    await page.goto(`${teamOrigin}/team?owner=none&due=overdue`);
    await expectNoViolations(page, "inbox, Unassigned, Overdue", javaScriptEnabled);
    await page.goto(`${teamOrigin}/team/applications/${takenId}`);
    await expect(page.getByRole("heading", { level: 1, name: taken })).toBeVisible();
    await expectNoViolations(page, "application", javaScriptEnabled);
  });
});
