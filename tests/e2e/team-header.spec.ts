import type { Page, TestInfo } from "@playwright/test";
import { messageInsert, unmatchedCount } from "../../server/db/messages.ts";
import { inboundMessageRow } from "../../server/test/stored.ts";
import { submitApplication, uniqueName } from "./helpers/incoming";
import { withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { withDatabase } from "./helpers/stored";
import { memberAddress, openTeamMenu, signIn, teamOrigin } from "./helpers/team";

// The team's top bar (decision 0074): one row at 1440 px with a three-digit Unmatched count and
// a long display name, the current page marked (`aria-current`) on every team page; at 390 px
// one row and a menu (a popover) that lists every page, opens without scripts and closes with
// Escape.

const longName = "Maximiliana Alexandrovna Featherstonehaugh-Whitmore of Reelsmith";

/** At least `count` unmatched messages on the server (old ones: they sort after every test's). */
async function atLeastUnmatched(count: number) {
  await withDatabase(async ({ db }) => {
    for (let index = await unmatchedCount(db); index < count; index += 1) {
      const filler = inboundMessageRow(null, {
        fromAddress: "someone@header.example",
        fromName: "",
        toAddress: "hello@reelsmith.example",
        subject: "Filler for the top bar's count",
        body: "Filler.",
        visible: "Filler.",
        createdAt: 1_000 + index,
      });
      await messageInsert(db, filler).execute();
    }
  });
}

/** The Menu button's "expanded" state in Chromium's accessibility tree (what a reader hears). */
async function menuExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const button = nodes.find(
      (node) => node.role?.value === "button" && node.name?.value === "Menu",
    );
    const expanded = button?.properties?.find((property) => property.name === "expanded");
    return expanded?.value.value as boolean | undefined;
  } finally {
    await cdp.detach();
  }
}

/**
 * A member with a long display name, signed in on `page`, with three digits of Unmatched: every
 * team page they open from the top bar, and the link marked current on it.
 */
async function longNamedMemberPages(page: Page, testInfo: TestInfo) {
  const email = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, email);
  await withDatabase(({ db }) =>
    db.updateTable("teamMembers").set({ name: longName }).where("email", "=", email).execute(),
  );
  await atLeastUnmatched(123);
  const id = await submitApplication(page.request, { name: uniqueName("Header Hana") });
  return [
    { path: "/team", current: "Inbox" },
    { path: `/team/applications/${id}`, current: "Inbox" },
    { path: "/team/clients", current: "Clients" },
    // The client pages' tabs: the top bar marks their section.
    { path: "/team/cuts", current: "Clients" },
    { path: "/team/schedule", current: "Clients" },
    { path: "/team/response", current: "Response" },
    { path: "/team/insights", current: "Insights" },
    { path: "/team/unmatched", current: /^Unmatched \(\d{3,}\)$/ },
    { path: "/team/settings", current: "Settings" },
  ];
}

test.describe("at 1440 px", () => {
  test.skip(({ isMobile }) => isMobile, "the desktop row");
  test("the top bar is one row with the current page marked, on every team page", async ({
    page,
  }, testInfo) => {
    test.slow();
    const pages = await longNamedMemberPages(page, testInfo);
    // Every page at 1440 px; the inbox at 1280 px too, the narrowest width with the row.
    const visits = [
      ...pages.map((visit) => ({ ...visit, width: 1440 })),
      { ...pages[0], width: 1280 },
    ] as { path: string; current: string | RegExp; width: number }[];
    for (const { path, current, width } of visits) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${teamOrigin}${path}`);
      const nav = page.getByRole("navigation", { name: "Team" });
      const links = nav.getByRole("link");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.getByRole("link", { name: current })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav.getByRole("link", { name: /^Unmatched \(\d{3,}\)$/ })).toBeVisible();
      await expect(page.getByTitle(/@team\.example$/)).toContainText("Maximiliana");
      // One row: Sign out sits on the first link's line, and the bar is as tall as one row.
      const first = await links.first().boundingBox();
      const signOut = await page.getByRole("button", { name: "Sign out" }).boundingBox();
      const header = await page.locator("header").first().boundingBox();
      if (!first || !signOut || !header) throw new Error(`${path}: the top bar is not laid out`);
      expect(Math.abs(first.y + first.height / 2 - (signOut.y + signOut.height / 2))).toBeLessThan(
        2,
      );
      expect(header.height, `${path}: the top bar's height`).toBeLessThanOrEqual(65);
      // No control wraps its words onto a second line either (a button keeps its height and
      // lets them spill): the lines of each one's text, counted from the layout.
      const controls = page.getByRole("banner").locator("nav a, button");
      for (const control of await controls.all()) {
        const box = await control.boundingBox();
        if (!box) continue; // the phone's menu (closed) and its button (hidden)
        const lines = await control.evaluate((element) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
          }
          return tops.size;
        });
        expect(lines, `${path}: ${await control.textContent()}`).toBe(1);
        expect(Math.abs(box.y + box.height / 2 - (signOut.y + signOut.height / 2))).toBeLessThan(2);
      }
      const name = await page.getByTitle(/@team\.example$/).boundingBox();
      if (width === 1440) {
        expect(name?.width, `${path}: the name, cut short but there`).toBeGreaterThan(80);
      }
      await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    }
  });
});

withAndWithoutJavaScript(() => {
  test.describe("at 390 px", () => {
    test.skip(({ isMobile }) => !isMobile, "the phone's menu");
    test("the top bar is one row and a menu that lists every page", async ({ page }, testInfo) => {
      test.slow();
      const pages = await longNamedMemberPages(page, testInfo);
      for (const { path, current } of pages) {
        await page.goto(`${teamOrigin}${path}`);
        const header = await page.locator("header").first().boundingBox();
        expect(header?.height, `${path}: the top bar's height`).toBeLessThanOrEqual(65);
        const brand = await page.locator("header a").first().boundingBox();
        const signOut = await page.getByRole("button", { name: "Sign out" }).boundingBox();
        const menuButton = await page.getByRole("button", { name: "Menu" }).boundingBox();
        if (!brand || !signOut || !menuButton) throw new Error(`${path}: not laid out`);
        for (const box of [signOut, menuButton]) {
          expect(Math.abs(box.y + box.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(2);
        }
        // Closed, the pages are out of sight; the menu shows them all, the current one marked.
        await expect(page.getByRole("navigation", { name: "Team" })).toBeHidden();
        expect(await menuExpanded(page)).toBe(false);
        const nav = await openTeamMenu(page);
        // The button tells assistive technology the menu is open (Chromium, from popovertarget).
        expect(await menuExpanded(page)).toBe(true);
        await expect(nav.getByRole("link")).toHaveText([
          "Inbox",
          "Clients",
          "Response",
          "Insights",
          /^Unmatched \(\d{3,}\)$/,
          "Settings",
        ]);
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        await expect(nav.getByRole("link", { name: current })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(page.getByRole("form", { name: "Your availability" })).toBeVisible();
        await expect(page.locator("#team-menu").getByText(longName)).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(nav).toBeHidden();
      }
      // A page of the menu opens, and the menu there marks it.
      const nav = await openTeamMenu(page);
      await nav.getByRole("link", { name: "Insights" }).click();
      await expect(page).toHaveURL(`${teamOrigin}/team/insights`);
      await expect(
        (await openTeamMenu(page)).getByRole("link", { name: "Insights" }),
      ).toHaveAttribute("aria-current", "page");
    });
  });
});
