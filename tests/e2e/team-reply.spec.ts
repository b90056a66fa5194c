import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { messageInsert } from "../../server/db/messages.ts";
import { expectNoViolations } from "./helpers/axe";
import { withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import {
  dataDir,
  memberAddress,
  signIn,
  submissionColumn,
  submitApplication,
  teamOrigin,
  withDatabase,
} from "./helpers/team";

// A member answers an applicant from the inbox, in both projects (desktop 1440 px and phone
// 390 px), with scripts on and off: a saved reply of the applicant's plan, sent; the thread shows
// it Sending, then Sent; the email that went out (an .eml file: the e2e server has no SMTP) has
// the application's Reply-To and the Message-ID recorded; the inbox says "Answered in". Then a
// reply of theirs comes back (stored as the inbound side stores one): New reply in the inbox and
// on the page, and Mark read. Axe on the pages.

const uniqueName = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

/** The outgoing reply of `id` as the server recorded it: its row id, Message-ID and address. */
function recordedReply(id: string) {
  return withDatabase(async (database) => {
    const message = await database.db
      .selectFrom("applicationMessages")
      .select(["id", "messageId", "toAddress", "subject"])
      .where("submissionId", "=", id)
      .where("direction", "=", "out")
      .executeTakeFirstOrThrow();
    return message;
  });
}

/** The .eml file the e2e server wrote for a message (named after its Message-ID), parsed. */
async function sentEmail(rowId: string) {
  const directory = path.join(dataDir, "mail");
  let file: string | undefined;
  await expect
    .poll(async () => {
      const names = await readdir(directory).catch(() => [] as string[]);
      file = names.find((name) => name.includes(`${rowId}.reply@`) && name.endsWith(".eml"));
      return file;
    })
    .toBeTruthy();
  return simpleParser(await readFile(path.join(directory, file as string)));
}

/** A reply of theirs, as the inbound side stores it: a message in, New reply on the application. */
function theirAnswer(id: string, email: string) {
  return withDatabase(async (database) => {
    const messageRowId = randomUUID();
    await database.writeTransaction([
      messageInsert(database.db, {
        id: messageRowId,
        submissionId: id,
        direction: "in",
        messageId: `<${messageRowId}@mail.example>`,
        inReplyTo: null,
        fromAddress: email,
        fromName: "Rita Reply",
        toAddress: `reply+${id}.0000000000000000@reelsmith.example`,
        subject: "Re: Next step for the Enterprise plan",
        body: "Tuesday at ten works for us.\n\nOn Monday, the team wrote:\n> The next step is a kick-off call",
        visible: "Tuesday at ten works for us.",
        rawFile: null,
        auth: JSON.stringify({ spf: "pass", dkim: "pass", dmarc: "pass" }),
        memberEmail: null,
        deliveryId: null,
        createdAt: Date.now(),
      }),
      database.db.updateTable("submissions").set({ newReply: 1 }).where("id", "=", id),
    ]);
  });
}

/** Nothing on the page is wider than the window (a phone would scroll sideways, or zoom out). */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  test("a member replies from a saved reply; their answer comes back as New reply", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = memberAddress(testInfo.title, testInfo.project.name);
    const memberName = email.split("@")[0] as string;
    await signIn(page, email);
    const name = uniqueName("Rita Reply");
    const id = await submitApplication(request, { name, selectedPlan: "Enterprise" });
    const applicant = await submissionColumn(id, "email");

    // 1. The application: the thread holds the product's own emails; the Reply panel its
    // subject, prefilled with the brand and the plan.
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const thread = page.getByRole("region", { name: "Conversation" });
    await expect(thread.getByText(`New application: ${name} — Enterprise plan`)).toBeVisible();
    await expect(
      thread.getByText("Thanks for applying to Reelsmith — Enterprise plan"),
    ).toBeVisible();
    const reply = page.getByRole("region", { name: "Reply" });
    const subject = reply.getByRole("textbox", { name: "Subject" });
    const message = reply.getByRole("textbox", { name: "Message" });
    await expect(subject).toHaveValue("Re: Your Reelsmith application (Enterprise plan)");
    await expect(message).toHaveValue("");

    // 2. A saved reply of the Enterprise plan: with scripts, choosing it fills the fields at
    // once; without, "Use template" reloads the page with them filled.
    const template = reply.getByRole("combobox", { name: "Template" });
    const useTemplate = reply.getByRole("button", { name: "Use template" });
    if (javaScriptEnabled) {
      await expect(useTemplate).toHaveCount(0); // hydrated: choosing is enough
      await template.selectOption({ label: "Next step for the Enterprise plan" });
    } else {
      await template.selectOption({ label: "Next step for the Enterprise plan" });
      await useTemplate.click();
      await expect(page).toHaveURL(/[?&]template=enterprise-next$/);
    }
    await expect(subject).toHaveValue("Next step for the Enterprise plan");
    await expect(message).toHaveValue(/^Hi Rita,\n\n/);
    await expect(message).toHaveValue(/answered within 24 hours/);
    await expect(message).toHaveValue(new RegExp(`\\nBest,\\n${memberName}\\nReelsmith$`));
    await message.fill(`${await message.inputValue()}\n\nP.S. Bring your brand guide.`);

    // 3. Send reply: in the thread, sending and then sent; its line in the audit log.
    await reply.getByRole("button", { name: "Send reply" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Reply sent: it is on its way to the applicant." }),
    ).toBeVisible();
    const ours = thread.getByRole("listitem").filter({ hasText: "P.S. Bring your brand guide." });
    await expect(ours).toHaveCount(1);
    await expect(ours.getByText(/^(Sending|Sent)$/)).toBeVisible();
    await expect(ours).toContainText(`sent by ${email}`);
    await expect(async () => {
      await page.reload();
      await expect(ours.getByText("Sent", { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const audit = page.getByRole("region", { name: "Audit log" });
    await expect(audit.getByText(`${email} sent a reply`)).toBeVisible();
    // Answered: Contacted, and the owner panel's clock says how soon.
    const heading = page.getByRole("heading", { level: 1, name });
    await expect(heading.locator("xpath=..").getByText("Contacted", { exact: true })).toBeVisible();
    // The fields start afresh for the next reply.
    await expect(reply.getByRole("textbox", { name: "Message" })).toHaveValue("");

    // 4. The email that went out: to the applicant, From the member via the brand, Reply-To
    // the application's own address, the Message-ID recorded with it; plain text.
    const recorded = await recordedReply(id);
    expect(recorded.messageId).toBe(`<${recorded.id}.reply@reelsmith.example>`);
    const sent = await sentEmail(recorded.id);
    expect(sent.messageId).toBe(recorded.messageId);
    expect(sent.to && !Array.isArray(sent.to) ? sent.to.value[0]?.address : "").toBe(applicant);
    expect(sent.from?.value).toEqual([
      { name: `${memberName} via Reelsmith`, address: "no-reply@reelsmith.example" },
    ]);
    expect(sent.replyTo?.value[0]?.address).toMatch(
      new RegExp(`^reply\\+${id}\\.[a-z0-9]{16}@reelsmith\\.example$`),
    );
    expect(sent.subject).toBe("Next step for the Enterprise plan");
    expect(sent.html).toBe(false);
    expect(sent.text).toContain("P.S. Bring your brand guide.");

    // 5. The inbox: "Answered in", Contacted.
    await page.goto(`${teamOrigin}/team?q=${encodeURIComponent(name)}`);
    await expect(row(page, name)).toHaveCount(1);
    await expect(row(page, name).getByText(/^Answered in (under 1 min|\d+ min)$/)).toBeVisible();
    await expect(row(page, name)).toContainText("Contacted");
    await expect(row(page, name).getByText("New reply")).toHaveCount(0);

    // 6. Their answer comes back: New reply in the inbox, where the Replies filter finds it.
    await theirAnswer(id, applicant);
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByRole("combobox", { name: "Replies" }).selectOption({ label: "New reply" });
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]reply=new/);
    await expect(filters.getByRole("combobox", { name: "Replies" })).toHaveValue("new");
    await expect(row(page, name).getByText("New reply", { exact: true })).toBeVisible();
    await expectNoViolations(page, "inbox, Replies: New reply", javaScriptEnabled);

    // 7. On the page: theirs in the thread (its checks, the quote folded), the badge, Mark read.
    // The row with its badges and "Answered in …" fits a phone: nothing wider than the page.
    await expectNoSidewaysScroll(page);
    await row(page, name).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const answer = thread.getByRole("listitem").filter({ hasText: "Tuesday at ten works" });
    await expect(answer.getByText("SPF pass · DKIM pass · DMARC pass")).toBeVisible();
    await expect(answer.getByText("The next step is a kick-off call")).toBeHidden();
    await answer.getByText("Show the quoted text").click();
    await expect(answer.getByText(/The next step is a kick-off call/)).toBeVisible();
    await expect(page.getByText("New reply", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoViolations(page, "application with its thread", javaScriptEnabled);
    await page.getByRole("button", { name: "Mark read" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Marked as read." })).toBeVisible();
    await expect(page.getByText("New reply", { exact: true })).toHaveCount(0);
    await expect(audit.getByText(`${email} marked the reply as read`)).toBeVisible();
  });
});
