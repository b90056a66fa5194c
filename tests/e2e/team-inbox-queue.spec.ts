import type { Page } from "@playwright/test";
import { expectNoViolations } from "./helpers/axe";
import { memberWithApplication, submitApplication, uniqueName } from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { applicationColumn, withDatabase } from "./helpers/stored";
import { inboxFilters, memberAddress, memberId, signIn, teamOrigin } from "./helpers/team";
import { hydrated } from "./onboarding-page";

// The inbox worked as a queue: filters apply as they are chosen (with the button for a page
// without scripts), stay on through an application and back, fold under "Filters (n)" on a
// phone; a whole row opens its application; the keyboard walks the rows.

/** The inbox searched for `name` (one unique application), Spam "All" so nothing hides it. */
function searchFor(name: string) {
  return `${teamOrigin}/team?spam=all&q=${encodeURIComponent(name)}`;
}

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);

  test("a filter applies as it is chosen and survives the round trip to an application", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { name } = await memberWithApplication(page, request, testInfo, "Quinn Queue", {
      selectedPlan: "Influencer",
    });

    await page.goto(searchFor(name));
    // A choice made before React has the form would be the page without scripts.
    if (javaScriptEnabled) await hydrated(page);
    const filters = await inboxFilters(page);
    await filters.getByRole("combobox", { name: "Plan" }).selectOption("Influencer");
    if (!javaScriptEnabled) {
      // Without scripts nothing happens until the button is pressed.
      await expect(page).not.toHaveURL(/[?&]plan=/);
      await filters.getByRole("button", { name: "Apply filters" }).click();
    }
    // With scripts the choice alone applies it: no button was pressed, and the URL holds only
    // what was chosen (no "status=" for Any).
    await expect(page).toHaveURL(/[?&]plan=Influencer/);
    if (javaScriptEnabled) expect(new URL(page.url()).searchParams.has("status")).toBe(false);
    await expect(page.getByRole("status").filter({ hasText: "3 filters on" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
    if (testInfo.project.name === "phone") {
      await expect(page.locator("summary", { hasText: "Filters (3)" })).toBeVisible();
    }

    // The whole row opens it: a click on its status, not on the name.
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1);
    // The name's link covers the row: a click where the row shows its last cell lands on it.
    await row.scrollIntoViewIfNeeded();
    const cell = await row.locator("td:visible").last().boundingBox();
    if (!cell) throw new Error("the row's last cell has no box");
    await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
    await expect(page).toHaveURL(/\/team\/applications\/[0-9a-f-]{36}\?.*plan=Influencer/, {
      timeout: 20_000,
    });
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // Back: the same filters, the same row.
    await page.getByRole("link", { name: "Back to the inbox" }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/team" &&
        url.searchParams.get("plan") === "Influencer" &&
        url.searchParams.get("q") === name &&
        url.searchParams.get("spam") === "all",
    );
    await expect(rowOf(page, name)).toHaveCount(1);
    await expectNoViolations(page, "inbox, filtered", javaScriptEnabled);
  });
});

test.describe("on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "390 px only");

  test("the filters fold under Filters (n); the first row shows in the first screen", async ({
    page,
    request,
  }, testInfo) => {
    await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
    await submitApplication(request, { name: uniqueName("Phoebe Phone") });
    await page.goto(`${teamOrigin}/team`);
    const summary = page.locator("summary", { hasText: "Filters (0)" });
    await expect(summary).toBeVisible();
    await expect(page.getByRole("form", { name: "Filters" })).toBeHidden();
    const firstRow = page.locator("tr[data-inbox-row]").first();
    const box = await firstRow.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y + box.height).toBeLessThan(viewport?.height ?? 0);
    await summary.click();
    await expect(page.getByRole("form", { name: "Filters" })).toBeVisible();
  });
});

test.describe("the keyboard", () => {
  test.skip(({ isMobile }) => isMobile, "a keyboard: 1440 px");

  test("j reaches the first row, Enter opens it; ? lists the keys; typing is never a key", async ({
    page,
    request,
  }, testInfo) => {
    const { name } = await memberWithApplication(page, request, testInfo, "Kit Keys");
    await page.goto(searchFor(name));
    await hydrated(page);

    // Typing a j in the search moves nothing.
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.focus();
    await page.keyboard.press("j");
    await expect(search).toBeFocused();
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();
    await search.blur();

    // ? lists the keys; Escape closes the list.
    await page.keyboard.press("Shift+?");
    const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(list).toBeVisible();
    await expect(list.getByText("Take it and open it")).toBeVisible();
    await expectNoViolations(page, "inbox, keyboard shortcuts", true);
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();

    // One key to the first row, Enter to open it.
    await page.keyboard.press("j");
    await expect(rowOf(page, name).getByRole("link", { name })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
  });

  test("a takes the row's application and opens it; r opens it at the reply", async ({
    page,
    request,
  }, testInfo) => {
    const { email, name, id } = await memberWithApplication(page, request, testInfo, "Tess Take");
    // Nobody has it (the round robin may have given it to anyone): a Take is then theirs.
    await withDatabase((database) =>
      database.db.updateTable("submissions").set({ ownerId: null }).where("id", "=", id).execute(),
    );
    await page.goto(searchFor(name));
    await hydrated(page);
    const row = rowOf(page, name);
    await expect(row).toContainText("Unassigned");

    await page.keyboard.press("j");
    await page.keyboard.press("a");
    const me = await memberId(email);
    await expect.poll(() => applicationColumn(id, "ownerId")).toBe(me);
    // Taken, it opens: the page says whose it is now.
    await expect(page).toHaveURL(new RegExp(`/team/applications/${id}`), { timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: "It is yours now." })).toBeVisible();

    await page.goto(searchFor(name));
    await hydrated(page);
    await expect(row).not.toContainText("Unassigned");
    await page.keyboard.press("j");
    await page.keyboard.press("r");
    await expect(page).toHaveURL(new RegExp(`/team/applications/${id}\\?.*#reply$`), {
      timeout: 20_000,
    });
  });
});
