import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./helpers/axe";
import {
  newMessageId,
  postInbound,
  strayEmail,
  submitApplication,
  uniqueName,
} from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { applicationColumn, withDatabase } from "./helpers/stored";
import { expectSaid, memberAddress, openTeamMenu, signIn, teamOrigin } from "./helpers/team";

// Replies that matched no application, as a member works them, at 1440 px with scripts on and off
// and at 390 px with scripts on (phoneWithScriptsOnly): the top bar's "Unmatched (N)", the page
// (text only, even from hostile HTML and a subject carrying line breaks), an attachment downloaded
// as bytes, Attach to application and Delete, each with its audit line, and axe on the page.

/**
 * Posts a raw message as a mail provider does: to an address of the reply domain that names no
 * application, so that it is unmatched.
 */
async function postUnmatched(raw: string) {
  expect(await postInbound(raw)).toEqual({ ok: true, matched: false });
}

/**
 * A hostile one: its subject's encoded word holds CR/LF and a header, its only body is HTML
 * with a script and an image, and it comes with an HTML file.
 */
function hostileMessage(subject: string) {
  const encoded = Buffer.from(`${subject}\r\nBcc: everyone@example.org`).toString("base64");
  const html = Buffer.from("<script>alert(1)</script>").toString("base64");
  return [
    "From: Stranger <stranger@example.org>",
    "To: someone@reelsmith.example",
    `Subject: =?UTF-8?B?${encoded}?=`,
    `Message-ID: ${newMessageId()}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/html; charset=utf-8",
    "",
    '<p>Please see <b>the brief</b>.</p><script>window.pwned = true; document.title = "pwned"</script><img src="https://tracker.example/p.gif" onerror="window.pwned=true">',
    "--b1",
    'Content-Type: text/html; name="brief.html"',
    'Content-Disposition: attachment; filename="../brief.html"',
    "Content-Transfer-Encoding: base64",
    "",
    html,
    "--b1--",
    "",
  ].join("\r\n");
}

const plainMessage = (subject: string) => strayEmail(subject, "Wrong address, sorry.");

const article = (page: Page, subject: string) => page.getByRole("article", { name: subject });

/**
 * Opens Unmatched and goes to older pages until `subject`'s message shows: other tests post
 * unmatched mail at the same time, which can push it off the first page.
 */
async function showOnUnmatched(page: Page, subject: string) {
  await page.goto(`${teamOrigin}/team/unmatched`);
  for (let pages = 0; (await article(page, subject).count()) === 0 && pages < 50; pages += 1) {
    await page.getByRole("link", { name: "Older emails" }).click();
    await expect(page.getByRole("link", { name: "Back to the newest" })).toBeVisible();
  }
  await expect(article(page, subject)).toBeVisible();
}

function messageRow(subject: string) {
  return withDatabase((database) =>
    database.db
      .selectFrom("applicationMessages")
      .select(["id", "submissionId"])
      .where("subject", "like", `${subject}%`)
      .executeTakeFirst(),
  );
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a member attaches one unmatched reply to its application and deletes another", async ({
    page,
    request,
    health,
  }, testInfo) => {
    health.allow(/status of 400/); // the wrong application reference, refused on purpose
    test.setTimeout(90_000); // three messages worked, seven answers
    const member = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, member);
    const applicant = uniqueName("Unmatched Una");
    const application = await submitApplication(request, { name: applicant });
    const applicantEmail = await applicationColumn(application, "email");
    const hostile = uniqueName("Hello from a stranger");
    const stray = uniqueName("Stray note");
    await postUnmatched(hostileMessage(hostile));
    await postUnmatched(plainMessage(stray));
    const pasted = uniqueName("Pasted id");
    await postUnmatched(plainMessage(pasted));

    // The top bar counts them (read with the session) and leads to the page.
    await page.goto(`${teamOrigin}/team`);
    const link = (await openTeamMenu(page)).getByRole("link", { name: /^Unmatched \(\d+\)$/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(`${teamOrigin}/team/unmatched`);
    await expect(page.getByRole("heading", { level: 1, name: "Unmatched replies" })).toBeVisible();

    // Text only: the subject on one line, the HTML as text, nothing of its script ran.
    await showOnUnmatched(page, `${hostile} Bcc: everyone@example.org`);
    const first = article(page, `${hostile} Bcc: everyone@example.org`);
    await expect(first).toBeVisible();
    await expect(first.getByText("Please see the brief.")).toBeVisible();
    await expect(first.locator("script, img, b")).toHaveCount(0);
    await expect(first).toContainText("Stranger <stranger@example.org>");
    await expect(first).toContainText("someone@reelsmith.example");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
    }
    await expect(page).not.toHaveTitle("pwned");
    await expectNoViolations(page, "unmatched", javaScriptEnabled);

    // The attachment: a download of bytes, for members only.
    const download = first.getByRole("link", { name: "brief.html" });
    const href = (await download.getAttribute("href")) ?? "";
    const file = await page.request.get(`${teamOrigin}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/octet-stream");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect(file.headers()["cache-control"]).toBe("no-store");
    // Its own policy, not the site's: nothing in it may run or load, even if opened.
    expect(file.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(file.headers()["content-disposition"]).toBe(
      `attachment; filename="brief.html"; filename*=UTF-8''brief.html`,
    );
    expect(await file.text()).toBe("<script>alert(1)</script>");
    const saved = page.waitForEvent("download");
    await download.click();
    const downloaded = await saved;
    expect(downloaded.suggestedFilename()).toBe("brief.html");
    expect(await readFile((await downloaded.path()) as string, "utf8")).toBe(
      "<script>alert(1)</script>",
    );
    const stranger = await fetch(`${teamOrigin}${href}`, { redirect: "manual" });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toBe("/team/sign-in");

    // Attach to application. What names no application is said beneath the field, styled as
    // sign-in's errors (the form is `noValidate`: no browser bubble), and changes nothing.
    const subject = `${hostile} Bcc: everyone@example.org`;
    const field = () =>
      article(page, subject).getByRole("textbox", { name: "Application", exact: true });
    const attach = async (typed: string) => {
      await showOnUnmatched(page, subject);
      await field().fill(typed);
      await article(page, subject).getByRole("button", { name: "Attach to application" }).click();
    };
    await expect(first.locator("form[novalidate]")).toHaveCount(1);
    await attach("");
    await expectSaid(page, "Please type the applicant's name or email", "alert");
    await attach("xy");
    await expectSaid(page, "Please type at least 3 characters", "alert");
    await attach("not an application");
    await expectSaid(page, "No application matches “not an application”", "alert");
    await expect(field()).toHaveValue("not an application");
    // Newer mail arrives while it is being worked on the first page, pushing it off that page:
    // the answer keeps it in view, first, with what was typed and the choices.
    await withDatabase(({ db }) =>
      db
        .updateTable("applicationMessages")
        .set({ createdAt: Date.now() })
        .where("subject", "like", `${hostile}%`)
        .execute(),
    );
    await page.goto(`${teamOrigin}/team/unmatched`);
    await expect(article(page, subject)).toBeVisible();
    for (let i = 0; i < 20; i += 1) await postUnmatched(plainMessage(uniqueName(`Newer ${i}`)));
    // The applicant's email, in capitals: their application to choose, nothing attached yet.
    await field().fill(applicantEmail.toUpperCase());
    await article(page, subject).getByRole("button", { name: "Attach to application" }).click();
    const choices = () =>
      article(page, subject).getByRole("form", { name: /^Applications matching “/ });
    await expect(choices().getByRole("button", { name: new RegExp(applicant) })).toBeVisible();
    expect((await messageRow(hostile))?.submissionId).toBeNull();
    // Part of their name: the same choice, which attaches.
    await attach(applicant.slice("Unmatched ".length));
    await choices()
      .getByRole("button", { name: new RegExp(applicant) })
      .click();
    await expect(page.getByRole("status")).toHaveText(
      "Attached: it is in the application's thread now.",
    );
    await expect(article(page, subject)).toHaveCount(0);
    const attached = await messageRow(hostile);
    expect(attached?.submissionId).toBe(application);
    const state = await withDatabase(async (database) => ({
      application: await database.db
        .selectFrom("submissions")
        .select("newReply")
        .where("id", "=", application)
        .executeTakeFirstOrThrow(),
      audit: await database.db
        .selectFrom("teamAuditLog")
        .select(["memberEmail", "action"])
        .where("submissionId", "=", application)
        .execute(),
    }));
    expect(Number(state.application.newReply)).toBe(1);
    expect(state.audit).toEqual([{ memberEmail: member, action: "attach-reply" }]);

    // A pasted id (any case) still attaches at once.
    await showOnUnmatched(page, pasted);
    await article(page, pasted)
      .getByRole("textbox", { name: "Application", exact: true })
      .fill(` ${application.toUpperCase()} `);
    await article(page, pasted).getByRole("button", { name: "Attach to application" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Attached: it is in the application's thread now.",
    );
    expect((await messageRow(pasted))?.submissionId).toBe(application);

    // Delete.
    await showOnUnmatched(page, stray);
    const second = article(page, stray);
    await expect(second.getByText("Wrong address, sorry.")).toBeVisible();
    const strayRow = await messageRow(stray);
    await second.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText("Deleted.");
    await expect(article(page, stray)).toHaveCount(0);
    expect(await messageRow(stray)).toBeUndefined();
    const deleted = await withDatabase((database) =>
      database.db
        .selectFrom("teamAuditLog")
        .select(["memberEmail", "action", "detail"])
        .where("action", "=", "delete-unmatched")
        .where("detail", "=", strayRow?.id ?? "")
        .execute(),
    );
    expect(deleted).toEqual([
      { memberEmail: member, action: "delete-unmatched", detail: strayRow?.id },
    ]);
  });
});

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("Unmatched is paged: 20 to a page, counted the same everywhere, deletable at any depth", async ({
    page,
  }, testInfo) => {
    const member = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, member);
    // A stranger's 22 messages: the first of them is on the second page, behind the rest.
    const buried = uniqueName("Buried reply");
    await postUnmatched(plainMessage(buried));
    for (let i = 0; i < 21; i += 1) await postUnmatched(plainMessage(uniqueName(`Flood ${i}`)));

    await page.goto(`${teamOrigin}/team/unmatched`);
    await expect(page.getByRole("article")).toHaveCount(20);
    await expect(article(page, buried)).toHaveCount(0);
    // One count everywhere: the top bar's and the page's, in the same answer (other tests post
    // and delete unmatched mail meanwhile).
    const topBar = (await openTeamMenu(page)).getByRole("link", { name: /^Unmatched \(\d+\)$/ });
    const shown = Number(/\((\d+)\)/.exec((await topBar.textContent()) ?? "")?.[1] ?? 0);
    await page.keyboard.press("Escape"); // the phone's menu closed again
    expect(shown).toBeGreaterThanOrEqual(22);
    await expect(page.getByText(`${shown} unmatched in all; 20 on this page.`)).toBeVisible();

    // Older emails until it shows; deleted there, the answer is that same page.
    for (let pages = 0; (await article(page, buried).count()) === 0 && pages < 50; pages += 1) {
      await page.getByRole("link", { name: "Older emails" }).click();
      await expect(page.getByRole("link", { name: "Back to the newest" })).toBeVisible();
    }
    const later = page.url();
    expect(later).toContain("?before=");
    await article(page, buried).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText("Deleted.");
    await expect(article(page, buried)).toHaveCount(0);
    expect(page.url()).toContain(new URL(later).searchParams.get("before") ?? "none");
    expect(await messageRow(buried)).toBeUndefined();
    // The count after it, the same in the top bar and on the page (other tests post and delete
    // unmatched mail meanwhile: only one answer's figures can be compared).
    await openTeamMenu(page);
    const after = Number(/\((\d+)\)/.exec((await topBar.textContent()) ?? "")?.[1] ?? 0);
    // (A later page holds what is left there: up to 20.)
    await expect(
      page.getByText(new RegExp(`^${after} unmatched in all; \\d+ on this page\\.$`)),
    ).toBeVisible();
  });
});
