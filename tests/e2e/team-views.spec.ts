import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { awayUpdate } from "../../server/db/members.ts";
import { sharedSecret } from "../../server/db/settings.ts";
import { replyAddress } from "../../server/mail/reply-address.ts";
import { expectNoViolations } from "./helpers/axe";
import { postInbound, submitApplication, uniqueName } from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { withRoundRobinTurn } from "./helpers/round-robin";
import { applicationColumn, withDatabase } from "./helpers/stored";
import {
  expectSaid,
  inboxFilters,
  memberAddress,
  memberId,
  signIn,
  teamOrigin,
} from "./helpers/team";

// The inbox's views as a member works them, at 1440 px with scripts on and off and at 390 px
// with scripts on: an application of theirs waits in Mine (its tab counts it); their reply
// takes it out; the applicant's answer puts it back, marked New reply.

/** The Views navigation: tabs on a wide screen, a menu on a phone. */
function views(page: Page) {
  return page.getByRole("navigation", { name: "Views" });
}

/** The text of the view `label` ("Mine (1)"), from the tabs or the phone's menu. */
async function viewLink(page: Page, label: string) {
  const nav = views(page);
  const menu = nav.locator("details");
  if (await menu.isVisible()) {
    if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await menu.locator("summary").click();
    }
  }
  return nav
    .getByRole("link", { name: new RegExp(`^${label}( \\(\\d+\\))?$`) })
    .filter({ visible: true });
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a reply moves an application out of Mine, the applicant's answer back in", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    const me = await memberId(email);
    // Away (in the round robin's turn): other tests' applications never come to them; Mine
    // holds this one only.
    await withRoundRobinTurn(() =>
      withDatabase((database) => awayUpdate(database, me, true).execute()),
    );
    const name = uniqueName("Vera Views");
    const id = await submitApplication(request, { name });
    await withDatabase((database) =>
      database.db.updateTable("submissions").set({ ownerId: me }).where("id", "=", id).execute(),
    );

    // 1. Mine, from the views: one application, the tab counting it, marked current.
    await page.goto(`${teamOrigin}/team`);
    await (await viewLink(page, "Mine")).click();
    await expect(page).toHaveURL(/[?&]view=mine/);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(await viewLink(page, "Mine")).toHaveText("Mine (1)");
    await expect(await viewLink(page, "Mine")).toHaveAttribute("aria-current", "page");
    await expectNoViolations(page, "inbox, Mine", javaScriptEnabled);

    // 2. Answered: out of Mine, the tab says 0.
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    const reply = page.getByRole("region", { name: "Reply" });
    await reply
      .getByRole("textbox", { name: "Message" })
      .fill("Thanks, Vera: let us talk on Monday.");
    await reply.getByRole("button", { name: "Send reply" }).click();
    await expectSaid(page, "Reply sent: it is on its way to the applicant.");
    await page.goto(`${teamOrigin}/team?view=mine`);
    await expect(row).toHaveCount(0);
    await expect(await viewLink(page, "Mine")).toHaveText("Mine (0)");

    // 3. The applicant answers (as their provider posts it, to the reply address, from their own
    // address): back in Mine and in Needs reply, marked New reply.
    const applicant = await applicationColumn(id, "email");
    const to = await withDatabase(async (database) =>
      replyAddress(await sharedSecret(database.db, "reply_tag_secret"), id, "reelsmith.example"),
    );
    const posted = await postInbound(
      [
        `From: Vera <${applicant}>`,
        `To: ${to}`,
        "Subject: Re: your reply",
        `Message-ID: <${randomUUID()}@mail.example>`,
        `Date: ${new Date().toUTCString()}`,
        "",
        "Monday works for me.",
        "",
      ].join("\r\n"),
    );
    expect(posted.matched).toBe(true);
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(row.getByText("New reply")).toBeVisible();
    await expect(await viewLink(page, "Mine")).toHaveText("Mine (1)");
    await (await viewLink(page, "Needs reply")).click();
    await expect(page).toHaveURL(/[?&]view=needs/);
    // Other tests' applications wait there too (the unanswered come first, by due time): the
    // search finds this one within the view, the view kept.
    const filters = await inboxFilters(page);
    await filters.getByLabel("Search").fill(name);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === name);
    await expect(page).toHaveURL(/[?&]view=needs/);
    await expect(row).toHaveCount(1);
  });
});
