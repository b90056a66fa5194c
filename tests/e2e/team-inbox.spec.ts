import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { fieldNames } from "../../app/shared/fields.ts";
import { memberWithApplication, submitApplication, uniqueName } from "./helpers/incoming";
import { withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { applicationColumn, withDatabase } from "./helpers/stored";
import { followToApplication, memberAddress, signIn, teamOrigin } from "./helpers/team";

// Behaviour once, at 1440 px: the phone project (390 px) runs the team pages' axe checks.
test.skip(({ isMobile }) => isMobile, "desktop only");

// The inbox and one application, with scripts on and off: every action posts a plain form to
// its route action, and each writes its line in the audit log.

async function openApplication(page: Page, name: string) {
  await page.goto(`${teamOrigin}/team`);
  await page.getByLabel("Search").fill(name);
  await page.getByLabel("Spam").selectOption("all");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === name);
  await followToApplication(page.getByRole("link", { name }), name, /\/team\/applications\//);
}

/**
 * Waits until the worker has sent an application's deliveries (so it is done with them); not
 * the promise's reminder and alert, whose time is hours away.
 */
async function deliveriesSent(id: string) {
  await expect
    .poll(() =>
      withDatabase(async (database) => {
        const rows = await database.db
          .selectFrom("deliveries")
          .select("status")
          .where("submissionId", "=", id)
          .where("nextAttemptAt", "<=", Date.now())
          .execute();
        return rows.length > 0 && rows.every((row) => row.status === "done");
      }),
    )
    .toBe(true);
}

/** A delivery of the application, as listed under its (folded) Details. */
const delivery = (page: Page, kind: string) =>
  page.locator("#details li").filter({ hasText: kind }).first();

withAndWithoutJavaScript(() => {
  test("every action on an application, each with its audit line", async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    // Caught by the honeypot: stored as spam, nothing sent.
    const { email, name } = await memberWithApplication(page, request, testInfo, "Spammy Sam", {
      website: "https://spam.example",
    });
    await openApplication(page, name);
    for (const label of [
      "Full Name",
      "Email Address",
      "Account Handle",
      "Your Goals",
      "Selected Plan",
    ]) {
      await expect(page.getByRole("term").filter({ hasText: label }).first()).toBeVisible();
    }
    // Folded under Details.
    await expect(page.getByText("No deliveries: spam is never sent.")).toBeAttached();
    // The audit log is folded under Details: its lines are on the page, not shown.
    const audit = page.locator("#details");

    await page.getByRole("button", { name: "Contacted", exact: true }).click();
    await expect(page.getByText("Status saved.")).toBeVisible();
    await expect(audit.getByText(`${email} set the status to Contacted`)).toBeAttached();

    await page
      .getByRole("textbox", { name: "Note" })
      .fill("Called: wants the Influencer plan after all.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added.")).toBeVisible();
    const notes = page.getByRole("region", { name: "Notes" });
    await expect(notes.getByText("Called: wants the Influencer plan after all.")).toBeVisible();
    await expect(notes.getByText(email)).toBeVisible();
    await expect(audit.getByText(`${email} added a note`)).toBeAttached();

    // Not spam: its deliveries are created, and sent.
    await page.getByRole("button", { name: "Not spam" }).click();
    await expect(audit.getByText(`${email} marked it as not spam`)).toBeAttached();
    await expect(async () => {
      await page.reload();
      await expect(delivery(page, "Team notification")).toContainText("Sent");
      await expect(delivery(page, "Applicant confirmation")).toContainText("Sent");
    }).toPass({ timeout: 15_000 });

    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(audit.getByText(`${email} marked it as spam`)).toBeAttached();
    await page.getByRole("button", { name: "Not spam" }).click();
    await expect(audit.getByText(`${email} marked it as not spam`)).toHaveCount(2);

    // A delivery that failed for good, retried.
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await withDatabase((database) =>
      database.db
        .updateTable("deliveries")
        .set({ status: "failed", attempts: 6, lastError: "550 5.1.1 mailbox unavailable" })
        .where("submissionId", "=", id)
        .where("kind", "=", "team_notification")
        .execute(),
    );
    await page.reload();
    await expect(delivery(page, "Team notification")).toContainText("Failed");
    await expect(delivery(page, "Team notification")).toContainText(
      "550 5.1.1 mailbox unavailable",
    );
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(audit.getByText(`${email} retried 1 failed deliveries`)).toBeAttached();
    await expect(async () => {
      await page.reload();
      await expect(delivery(page, "Team notification")).toContainText("Sent");
    }).toPass({ timeout: 15_000 });

    // Erase, after a confirmation.
    await page.locator("summary", { hasText: "Erase" }).click();
    await expect(page.getByText("This cannot be undone.")).toBeVisible();
    await page.getByRole("button", { name: "Yes, erase everything of this applicant" }).click();
    // Back to the inbox it came from (its search kept), saying so.
    await expect(page).toHaveURL(
      (url) => url.pathname === "/team" && url.searchParams.get("erased") === "1",
    );
    await expect(page.getByText("The applicant was erased.")).toBeVisible();
    const gone = await page.request.get(`${teamOrigin}/team/applications/${id}`);
    expect(gone.status()).toBe(404);
    const lines = await withDatabase((database) =>
      database.db
        .selectFrom("teamAuditLog")
        .select("action")
        .where("submissionId", "=", id)
        .execute(),
    );
    expect(lines.map((line) => line.action)).toContain("erase");
  });

  test("exports the current filter as CSV and as JSON", async ({ page, request }, testInfo) => {
    const { name } = await memberWithApplication(page, request, testInfo, "Export Eve", {
      accountHandle: '=HYPERLINK("x")',
    });
    await page.goto(`${teamOrigin}/team`);
    await page.getByLabel("Search").fill(name);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByRole("link", { name })).toBeVisible();

    const csvDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await readFile((await (await csvDownload).path()) as string, "utf8");
    const [header, row, ...rest] = csv.trim().split("\n");
    expect(header).toBe(
      [
        "id,createdAt",
        ...fieldNames,
        "isSpam,status,owner,dueAt,firstResponseAt,responseSeconds,messages",
        "source,medium,campaign,referrer,landingPage",
      ].join(","),
    );
    expect(rest).toEqual([]);
    expect(row).toContain(name);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);

    const jsonDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export JSON" }).click();
    const json = JSON.parse(await readFile((await (await jsonDownload).path()) as string, "utf8"));
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({
      name,
      accountHandle: '=HYPERLINK("x")',
      isSpam: false,
      messages: 0,
      thread: [],
    });
  });

  test("a session that ends while a page is open: the next action goes to the sign-in page and changes nothing", async ({
    page,
    request,
  }, testInfo) => {
    const { email, name, id } = await memberWithApplication(page, request, testInfo, "Expired Eve");
    await openApplication(page, name);
    // The session ends elsewhere (expired, or signed out on another device).
    await withDatabase((database) =>
      database.db
        .deleteFrom("teamSessions")
        .where("userId", "in", (eb) =>
          eb.selectFrom("teamMembers").select("id").where("email", "=", email),
        )
        .execute(),
    );

    await page.getByRole("button", { name: "Mark as spam" }).click();
    // The form posts to its section (#spam): a redirect without a fragment keeps it.
    await expect(page).toHaveURL(new RegExp(`^${teamOrigin}/team/sign-in(#spam)?$`));
    await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
    expect(await applicationColumn(id, "isSpam")).toBe(0);
  });
});

test("a delivery that failed for good raises a banner, linking to those applications", async ({
  page,
  request,
}, testInfo) => {
  const { name, id } = await memberWithApplication(page, request, testInfo, "Bounced Bo");
  await deliveriesSent(id);
  await withDatabase((database) =>
    database.db
      .updateTable("deliveries")
      .set({ status: "failed", attempts: 6, lastError: "550 no such user" })
      .where("submissionId", "=", id)
      .execute(),
  );
  await page.goto(`${teamOrigin}/team`);
  const banner = page.getByRole("alert").filter({ hasText: "failed for good" });
  await expect(banner).toContainText(/\d+ applications? with a delivery that failed for good/);
  await banner.getByRole("link", { name: "Show them" }).click();
  await expect(page).toHaveURL(/failed=1/);
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("filters, search and pages", async ({ page, request }, testInfo) => {
  await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
  const tag = uniqueName("Pager");
  for (let i = 0; i < 3; i++) {
    await submitApplication(request, {
      name: `${tag} ${i}`,
      selectedPlan: i === 1 ? "Enterprise" : "Creator",
    });
  }
  await page.goto(`${teamOrigin}/team?q=${encodeURIComponent(tag)}`);
  const rows = page.getByRole("row");
  // Header + 3, all unanswered: the soonest due (the first sent) first.
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(`${tag} 0`);
  await expect(rows.nth(3)).toContainText(`${tag} 2`);
  await page.getByLabel("Plan").selectOption("Enterprise");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${tag} 1`);
  // More than a page: "Next page" leads on, "First page" back.
  await page.goto(`${teamOrigin}/team?spam=all`);
  const older = page.getByRole("link", { name: "Next page" });
  if ((await rows.count()) === 51) {
    await older.click();
    await expect(page).toHaveURL(/before=/);
    await expect(page.getByRole("link", { name: "First page" })).toBeVisible();
  }
});

test("a search with control characters gets the questionnaire's message, never a 5xx", async ({
  page,
}, testInfo) => {
  await signIn(page, memberAddress(testInfo.title, testInfo.project.name));
  const message = "Please remove invisible control characters";
  // C0 but tab, line feed and carriage return; DEL; C1: each inside a search.
  const codes = [
    ...Array.from({ length: 0x20 }, (_, code) => code).filter(
      (code) => ![9, 10, 13].includes(code),
    ),
    ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  ];
  for (const code of codes) {
    const q = encodeURIComponent(`maya${String.fromCharCode(code)}lopez`);
    const inbox = await page.request.get(`${teamOrigin}/team?q=${q}`);
    expect(inbox.status(), `U+${code.toString(16)}`).toBe(200);
    expect(await inbox.text()).toContain(message);
    const exported = await page.request.get(`${teamOrigin}/team/export?format=csv&q=${q}`);
    expect(exported.status(), `U+${code.toString(16)}`).toBe(400);
    expect(await exported.text()).toBe(`${message}\n`);
  }
  // In the page: the message beneath the field, what was typed shown with "�" where a control
  // character stood, and no rows.
  await page.goto(`${teamOrigin}/team?q=maya%00lopez`);
  const search = page.getByLabel("Search");
  await expect(search).toHaveAttribute("aria-invalid", "true");
  await expect(search).toHaveValue("maya\ufffdlopez");
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(0);
});
