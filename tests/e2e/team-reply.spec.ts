import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { brand } from "../../app/content/brand.ts";
import { inboundSmtpPort } from "../../playwright.config.ts";
import { findMemberById } from "../../server/db/members.ts";
import { messageInsert } from "../../server/db/messages.ts";
import { sharedSecret } from "../../server/db/settings.ts";
import { replyAddress } from "../../server/mail/reply-address.ts";
import { expectNoViolations } from "./helpers/axe";
import {
  memberWithApplication,
  postInbound,
  submitApplication,
  uniqueName,
} from "./helpers/incoming";
import { phoneWithScriptsOnly, withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import {
  applicationColumn,
  deliveriesOf,
  deliveryStatuses,
  recipientOf,
  sentEmails,
  withDatabase,
} from "./helpers/stored";
import {
  addMember,
  expectSaid,
  inboxFilters,
  memberAddress,
  memberId,
  openTeamMenu,
  signIn,
  teamOrigin,
} from "./helpers/team";
import { hydrated } from "./onboarding-page";

// The conversation end to end, as a new member walks it, at 1440 px with scripts on and off and at
// 390 px with scripts on (phoneWithScriptsOnly), axe on the inbox, the application and Unmatched:
// - a member answers an applicant with a saved reply of their plan; the thread shows it Sending,
//   then Sent; the email that went out (an .eml file: the e2e server sends no mail out) has the
//   application's routed Reply-To and the Message-ID recorded; the inbox says "Answered in";
// - the applicant answers from their mail client: an SMTP client hands it to the server's
//   listener, To that Reply-To, In-Reply-To that Message-ID, our text quoted; a second answer
//   comes as a mail provider posts it (POST /team/inbound-email), matched as well;
// - both are in the thread (the quote folded, each with its checks), the inbox shows New reply
//   (the Replies filter finds it), and the application's owner is told once for the two (one
//   reply notice, by email); Mark read;
// - a message for nobody (an address of the reply domain naming no application), by SMTP too,
//   lands in Unmatched, reached from the top bar.

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

/** The one email the e2e server wrote whose Message-ID contains `part`, once it is written. */
async function sentEmail(part: string): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(async () => {
      found = await sentEmails((name) => name.includes(part));
      return found.length;
    })
    .toBe(1);
  return found[0] as ParsedMail;
}

/** Hands a message to the e2e server's SMTP listener, as the applicant's mail server would. */
async function sendBySmtp(message: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/** A text quoted below an answer, as mail clients do. */
const quoted = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");

/** The address the application's notices go to: its owner's, or the team's without one. */
async function ownerAddress(id: string): Promise<string> {
  const ownerId = await applicationColumn(id, "ownerId");
  if (!ownerId) return brand.addresses.team; // TEAM_EMAIL's default
  const owner = await withDatabase((database) => findMemberById(database, ownerId));
  if (!owner) throw new Error(`the owner ${ownerId} of ${id} is not a member`);
  return owner.email;
}

/** Nothing on the page is wider than the window (a phone would scroll sideways, or zoom out). */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a member replies; the applicant's answers come back by SMTP and by POST", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000); // a long walk, and three pages analysed by axe
    const { email, name, id } = await memberWithApplication(page, request, testInfo, "Rita Reply", {
      selectedPlan: "Enterprise",
    });
    const memberName = email.split("@")[0] as string;
    const applicant = await applicationColumn(id, "email");

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
    // once; without, "Use template" posts the draft and the server fills them (nothing typed).
    const template = reply.getByRole("combobox", { name: "Template" });
    const useTemplate = reply.getByRole("button", { name: "Use template" });
    if (javaScriptEnabled) {
      await expect(useTemplate).toHaveCount(0); // hydrated: choosing is enough
      await template.selectOption({ label: "Next step for the Enterprise plan" });
    } else {
      await template.selectOption({ label: "Next step for the Enterprise plan" });
      await useTemplate.click();
    }
    await expect(subject).toHaveValue("Next step for the Enterprise plan");
    await expect(message).toHaveValue(/^Hi Rita,\n\n/);
    await expect(message).toHaveValue(/answered within 24 hours/);
    await expect(message).toHaveValue(new RegExp(`\\nBest,\\n${memberName}\\nReelsmith$`));
    await message.fill(`${await message.inputValue()}\n\nP.S. Bring your brand guide.`);

    // 3. Send reply: in the thread, sending and then sent; its line in the audit log.
    await reply.getByRole("button", { name: "Send reply" }).click();
    await expectSaid(page, "Reply sent: it is on its way to the applicant.");
    const ours = thread.getByRole("listitem").filter({ hasText: "P.S. Bring your brand guide." });
    await expect(ours).toHaveCount(1);
    await expect(ours.getByText(/^(Sending|Sent)$/)).toBeVisible();
    await expect(ours).toContainText(`sent by ${email}`);
    await expect(async () => {
      await page.reload();
      await expect(ours.getByText("Sent", { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // The audit log is folded under Details: its lines are on the page, not shown.
    const audit = page.locator("#details");
    await expect(audit.getByText(`${email} sent a reply`)).toBeAttached();
    // Answered: Contacted in the summary bar.
    await expect(
      page.locator("#summary").getByRole("button", { name: "Contacted", pressed: true }),
    ).toBeVisible();
    // The fields start afresh for the next reply.
    await expect(reply.getByRole("textbox", { name: "Message" })).toHaveValue("");

    // 4. The email that went out: to the applicant, From the member at the brand (the team's address), Reply-To
    // the application's own address, the Message-ID recorded with it; plain text.
    const recorded = await recordedReply(id);
    // Tagged under the instance's secret: the proof the applicant's answer carries.
    expect(recorded.messageId).toMatch(
      new RegExp(`^<${recorded.id}\\.[a-z0-9]{16}\\.reply@reelsmith\\.example>$`),
    );
    const sent = await sentEmail(`${(recorded.messageId ?? "").slice(1, -1)}`);
    expect(sent.messageId).toBe(recorded.messageId);
    expect(recipientOf(sent)).toBe(applicant);
    expect(sent.from?.value).toEqual([
      { name: `${memberName} at Reelsmith`, address: "hello@reelsmith.example" },
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

    // 6. The applicant answers from their mail client: an SMTP client hands it to the
    // listener, To the Reply-To, In-Reply-To our Message-ID, our email quoted below.
    const replyTo = sent.replyTo?.value[0]?.address as string;
    const replyDomain = replyTo.split("@")[1] as string;
    const firstId = `<${randomUUID()}@example.com>`;
    const first = await sendBySmtp({
      from: { name: "Rita Reply", address: applicant },
      to: replyTo,
      subject: `Re: ${sent.subject}`,
      messageId: firstId,
      inReplyTo: recorded.messageId ?? "",
      references: [recorded.messageId ?? ""],
      text: `Tuesday at ten works for us.\n\nOn ${sent.date?.toUTCString()}, ${memberName} at Reelsmith wrote:\n${quoted(sent.text ?? "")}\n`,
    });
    expect(first.accepted).toEqual([replyTo]);
    expect(first.response).toMatch(/^250 /);

    // 7. A second answer, as a mail provider posts it (its own checks in Authentication-Results):
    // matched to the application as well.
    const posted = await postInbound(
      [
        "Authentication-Results: mx.provider.example; spf=pass smtp.mailfrom=example.com; dmarc=pass header.from=example.com",
        `From: Rita Reply <${applicant}>`,
        `To: ${replyTo}`,
        `Subject: Re: ${sent.subject}`,
        `Message-ID: <${randomUUID()}@example.com>`,
        `In-Reply-To: ${firstId}`,
        `References: ${recorded.messageId} ${firstId}`,
        `Date: ${new Date().toUTCString()}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "One more thing: two of our editors will join the call.",
        "",
      ].join("\r\n"),
    );
    expect(posted).toEqual({ ok: true, matched: true });

    // 8. The inbox: New reply, where the Replies filter finds it.
    await page.reload();
    await expect(row(page, name).getByText("New reply", { exact: true })).toBeVisible();
    const filters = await inboxFilters(page);
    await filters.getByRole("combobox", { name: "Replies" }).selectOption({ label: "New reply" });
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]reply=new/);
    await expect(filters.getByRole("combobox", { name: "Replies" })).toHaveValue("new");
    await expect(row(page, name)).toHaveCount(1);
    await expect(row(page, name).getByText("New reply", { exact: true })).toBeVisible();
    await expectNoViolations(page, "inbox, Replies: New reply", javaScriptEnabled);
    // The row with its badges and "Answered in …" fits a phone: nothing wider than the page.
    await expectNoSidewaysScroll(page);

    // 9. On the page: both answers in the thread, after ours, each with its checks (the
    // listener's own for the first, the provider's for the second), the first one's quote
    // folded away; the New reply badge.
    await row(page, name).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const entries = thread.getByRole("listitem");
    const byMail = entries.filter({ hasText: "Tuesday at ten works for us." });
    const byPost = entries.filter({ hasText: "two of our editors will join the call" });
    // The product's two emails, ours, then theirs in the order they came.
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(2)).toContainText(`sent by ${email}`);
    await expect(entries.nth(3)).toContainText("Tuesday at ten works for us.");
    await expect(entries.nth(4)).toContainText("two of our editors will join the call");
    await expect(byMail).toHaveCount(1);
    await expect(byMail).toContainText(`Rita Reply <${applicant}>`);
    // Our reply address is ours, never shown as theirs: "To the team".
    await expect(byMail).toContainText("To the team");
    // The checks in words; their results folded under the message's Details.
    await expect(
      byMail.getByText(/^Checks: SPF [a-z]+ · DKIM [a-z]+ · DMARC [a-z]+$/),
    ).toBeAttached();
    await expect(byMail.getByText(/P\.S\. Bring your brand guide\./)).toBeHidden();
    await byMail.getByText("Show the quoted text").click();
    await expect(byMail.getByText(/P\.S\. Bring your brand guide\./)).toBeVisible();
    await expect(byPost).toHaveCount(1);
    await expect(byPost).toContainText(`Rita Reply <${applicant}>`);
    await expect(byPost.getByText("Sender not verified", { exact: true })).toBeVisible();
    await expect(byPost.getByText("Checks: SPF pass · DKIM none · DMARC pass")).toBeAttached();
    await expect(page.getByText("New reply", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoViolations(page, "application with its thread", javaScriptEnabled);

    // 10. The owner (the round robin's) is told once for the two answers: one reply notice,
    // sent by email to them, naming the applicant and linking to the application.
    await expect
      .poll(() => deliveryStatuses(id, "reply_notice_email"), { timeout: 15_000 })
      .toEqual(["done"]);
    const [notice] = await deliveriesOf(id, "reply_notice_email");
    const owner = await ownerAddress(id);
    const notices = (await sentEmails((file) => file.includes(".reply-notice@"))).filter(
      (message) => message.text?.includes(`/team/applications/${id}`),
    );
    expect(
      notices.map((message) => ({
        messageId: message.messageId,
        to: recipientOf(message),
        subject: message.subject,
      })),
    ).toEqual([
      {
        messageId: `<${notice?.id}.reply-notice@reelsmith.example>`,
        to: owner,
        subject: `New reply from ${name}`,
      },
    ]);

    // 11. Mark read.
    await page.getByRole("button", { name: "Mark read" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Marked as read." })).toBeVisible();
    await expect(page.getByText("New reply", { exact: true })).toHaveCount(0);
    await expect(audit.getByText(`${email} marked the reply as read`)).toBeAttached();

    // 12. A message for nobody: by SMTP to an address of the reply domain that names no
    // application. It lands in Unmatched, where the top bar leads.
    const stray = uniqueName("For nobody");
    const nobody = `hello@${replyDomain}`;
    const strayAnswer = await sendBySmtp({
      from: { name: "Stranger", address: "stranger@example.org" },
      to: nobody,
      subject: stray,
      text: "Is this where I ask about prices?",
    });
    expect(strayAnswer.accepted).toEqual([nobody]);
    await page.goto(`${teamOrigin}/team/applications/${id}`); // the top bar, counted afresh
    await (await openTeamMenu(page)).getByRole("link", { name: /^Unmatched \(\d+\)$/ }).click();
    await expect(page).toHaveURL(`${teamOrigin}/team/unmatched`);
    const unmatched = page.getByRole("article", { name: stray });
    await expect(unmatched.getByText("Is this where I ask about prices?")).toBeVisible();
    await expect(unmatched).toContainText("Stranger <stranger@example.org>");
    await expect(unmatched).toContainText(nobody);
    await expectNoViolations(page, "unmatched", javaScriptEnabled);
    // Not left for the next run's page: deleted, as a member would.
    await unmatched.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText("Deleted.");
    await expect(unmatched).toHaveCount(0);
  });

  test("a reply with the proof but from another address waits for a member to confirm it", async ({
    page,
    request,
  }, testInfo) => {
    const { email, name, id } = await memberWithApplication(page, request, testInfo, "Sam Sender");
    // The application's own reply address (the routed tag: the proof), as our reply gives it.
    const to = await withDatabase(async (database) =>
      replyAddress(await sharedSecret(database.db, "reply_tag_secret"), id, "reelsmith.example"),
    );
    const fromElsewhere = (text: string) =>
      postInbound(
        [
          "From: Sam at work <sam@work.example>",
          `To: ${to}`,
          `Subject: Re: ${name}`,
          `Message-ID: <${randomUUID()}@work.example>`,
          `Date: ${new Date().toUTCString()}`,
          "Content-Type: text/plain; charset=utf-8",
          "",
          text,
          "",
        ].join("\r\n"),
      );
    expect(await fromElsewhere("Writing from my work address: Tuesday works.")).toEqual({
      ok: true,
      matched: true,
    });

    // In the thread, flagged: not a New reply until a member confirms it is theirs. (With
    // scripts, clicked once React has the page: a click before is the page without them.)
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    if (javaScriptEnabled) await hydrated(page);
    const thread = page.getByRole("region", { name: "Conversation" });
    const flagged = thread
      .getByRole("listitem")
      .filter({ hasText: "Writing from my work address" });
    const note = "From an address that is not the applicant's: confirm it's theirs";
    await expect(flagged.getByText(note)).toBeVisible();
    await expect(page.getByText("New reply", { exact: true })).toHaveCount(0);
    await expectNoViolations(page, "application with a reply to confirm", javaScriptEnabled);
    await flagged.getByRole("button", { name: "Confirm it's theirs" }).click();
    await expectSaid(page, "Confirmed: it is a new reply from the applicant.");
    await expect(flagged.getByText(note)).toHaveCount(0);
    await expect(page.getByText("New reply", { exact: true })).toBeVisible();
    // The audit log is folded under Details: its lines are on the page, not shown.
    const audit = page.locator("#details");
    await expect(
      audit.getByText(`${email} confirmed a reply from another address as the applicant's`),
    ).toBeAttached();

    // Another one, not theirs: moved to Unmatched, out of the thread.
    await fromElsewhere("Not Sam: somebody else entirely.");
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    if (javaScriptEnabled) await hydrated(page);
    const stranger = thread.getByRole("listitem").filter({ hasText: "somebody else entirely" });
    await stranger.getByRole("button", { name: "Move to Unmatched" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Moved to Unmatched" })).toBeVisible();
    await expect(stranger).toHaveCount(0);
    await expect(
      thread.getByRole("listitem").filter({ hasText: "Writing from my work address" }),
    ).toHaveCount(1);
    await page.goto(`${teamOrigin}/team/unmatched`);
    const unmatched = page.getByRole("article", { name: `Re: ${name}` });
    await expect(unmatched.getByText("Not Sam: somebody else entirely.")).toBeVisible();
    // Not left for the next run's page.
    await unmatched.getByRole("button", { name: "Delete" }).click();
    await expect(unmatched).toHaveCount(0);
  });
});

withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a long thread: the newest 20 emails, each bounded, Earlier emails and back", async ({
    page,
    request,
  }, testInfo) => {
    const { id } = await memberWithApplication(page, request, testInfo, "Thread Thea");
    // 25 answers of theirs, the newest 60,000 characters long (stored as they come back).
    const start = Date.now() - 60_000;
    await withDatabase(async (database) => {
      for (let i = 1; i <= 25; i += 1) {
        const text = i === 25 ? `Newest ${"z".repeat(60_000)}` : `Answer number ${i}.`;
        await messageInsert(database.db, {
          id: randomUUID(),
          submissionId: id,
          direction: "in",
          messageId: `<${randomUUID()}@example.org>`,
          inReplyTo: null,
          fromAddress: "thea@example.org",
          fromName: "Thea",
          toAddress: "reply@reelsmith.example",
          subject: `Answer ${i}`,
          body: text,
          visible: text,
          rawFile: null,
          auth: null,
          memberEmail: null,
          deliveryId: null,
          createdAt: start + i,
        }).execute();
      }
    });
    const path = `${teamOrigin}/team/applications/${id}`;
    await page.goto(path);
    const thread = page.getByRole("region", { name: "Conversation" });
    await expect(thread.getByRole("listitem")).toHaveCount(20);
    await expect(thread.getByText("25 emails in all; the newest 20 here.")).toBeVisible();
    await expect(thread.getByText("Answer number 6.")).toBeVisible();
    await expect(thread.getByText("Answer number 5.", { exact: true })).toHaveCount(0);
    const newest = thread.getByRole("listitem").filter({ hasText: "Answer 25" });
    await expect(newest.getByText("This email is longer than shown here.")).toBeVisible();
    // The page stays small whatever the thread holds: its 60,000 characters are cut to 4,000.
    const html = await (await page.request.get(path)).text();
    expect(html).not.toContain("z".repeat(4_001));
    expect(html.length).toBeLessThan(200_000);

    await thread.getByRole("link", { name: "Earlier emails" }).click();
    await expect(page).toHaveURL(/[?&]earlier=/);
    await expect(thread.getByText("Answer number 1.")).toBeVisible();
    await expect(thread.getByText("Answer number 5.")).toBeVisible();
    await expect(thread.getByText("Answer number 6.", { exact: true })).toHaveCount(0);
    // The product's own emails come with the first.
    await expect(
      thread.getByText("The applicant was told that their application arrived."),
    ).toBeVisible();
    await thread.getByRole("link", { name: "Back to the newest emails" }).click();
    await expect(thread.getByRole("listitem")).toHaveCount(20);
  });
});

/** The reply emails that went to `applicant` (.eml files named after a reply's Message-ID). */
async function repliesTo(applicant: string) {
  const emails = await sentEmails((name) => name.includes(".reply@"));
  return emails.filter((message) => recipientOf(message) === applicant);
}

/** What a form posts: each named field and its value, as the browser sends them. */
async function formFields(form: Locator): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const field of await form.locator("input[name], textarea[name]").all()) {
    fields[(await field.getAttribute("name")) as string] = await field.inputValue();
  }
  return fields;
}

// Issue 36, item 8: a reply goes out once per draft. With scripts, a second click on Send while
// the first is on its way (1.5 s of latency, clicks 400 ms apart) posts nothing; without them,
// the same form posted again (a retried request, a resent form) sends nothing new and says so.
withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("a reply is sent once: two quick clicks, or the same form posted again", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { id } = await memberWithApplication(page, request, testInfo, "Sam Once");
    const applicant = (await applicationColumn(id, "email")) as string;
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    const reply = page.getByRole("region", { name: "Reply" });
    await reply.getByRole("textbox", { name: "Message" }).fill("Once, and only once.");
    const send = reply.getByRole("button", { name: "Send reply" });
    const sentNotice = page
      .getByRole("status")
      .filter({ hasText: "Reply sent: it is on its way to the applicant." });

    const posts: string[] = [];
    let repost: string | undefined; // without scripts: where the second post was sent
    if (javaScriptEnabled) {
      // 1.5 s of latency: each POST of the page reaches the server at once, and its answer
      // reaches the page 1.5 s later (the second click falls while the first is on its way).
      await page.route(`**/team/applications/${id}**`, async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        // The reply's own posts (its text in the body): once the first is back, the form is a
        // new, empty one, and a click there posts nothing to send (refused beneath the field).
        if (/[?&]body=Once/.test(`?${route.request().postData() ?? ""}`)) {
          posts.push(route.request().url());
        }
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fulfill({ response }).catch(() => {}); // the page may have given up on it
      });
      await send.click();
      await page.waitForTimeout(400); // the member's second click, while the first is on its way
      await send.click();
      await expect(sentNotice).toBeVisible({ timeout: 10_000 });
    } else {
      const form = reply.locator("form[method=post]");
      const fields = await formFields(form);
      await send.click();
      await expect(sentNotice).toBeVisible();
      // The same form again, as the browser posted it (the member's session, the page's Origin).
      const again = await page.request.post(`${teamOrigin}/team/applications/${id}`, {
        // The button pressed names the intent (Send, or Send and next): a submitter, no field.
        form: { ...fields, intent: "reply" },
        headers: { Origin: teamOrigin },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      repost = again.headers().location;
    }

    // One delivery, sent; one email to the applicant; one reply in the thread.
    await expect
      .poll(() => deliveryStatuses(id, "reply_email"), { timeout: 15_000 })
      .toEqual(["done"]);
    expect(await repliesTo(applicant)).toHaveLength(1);
    // With scripts, the second click was not even posted (the server would send once anyway).
    if (javaScriptEnabled) expect(posts).toHaveLength(1);
    else {
      // The second post was answered as the first was, not with an error: Already sent.
      // Back to where it was done: the reply.
      expect(repost).toBe(`/team/applications/${id}?done=alreadySent#reply`);
      await page.goto(`${teamOrigin}${repost}`);
      await expectSaid(page, "Already sent: this reply went out once and is not sent again.");
    }
    await page.reload();
    await expect(
      page
        .getByRole("region", { name: "Conversation" })
        .getByRole("listitem")
        .filter({ hasText: "Once, and only once." }),
    ).toHaveCount(1);
  });
});

// Issue 36, item 8: "Take it" is conditional. The page showed the application unassigned; Dan
// took it meanwhile (as his own press would): the member is told Dan has it, the page shows Dan
// as the owner, and the audit log has no line of theirs.
withAndWithoutJavaScript((javaScriptEnabled) => {
  phoneWithScriptsOnly(javaScriptEnabled);
  test("Take it after someone else took it says who has it, and changes nothing", async ({
    page,
    request,
  }, testInfo) => {
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    const dan = `dan-${memberAddress(testInfo.title, testInfo.project.name)}`;
    await addMember(dan);
    const danId = await memberId(dan);
    const id = await submitApplication(request, { name: uniqueName("Tia Taken") });
    const setOwner = (ownerId: string | null) =>
      withDatabase((database) =>
        database.db.updateTable("submissions").set({ ownerId }).where("id", "=", id).execute(),
      );
    await setOwner(null);
    await page.goto(`${teamOrigin}/team/applications/${id}`);
    const ownerPanel = page.getByRole("region", { name: "Summary" });
    await expect(ownerPanel.getByRole("combobox", { name: "Owner" })).toHaveValue("");
    await setOwner(danId);
    await ownerPanel.getByRole("button", { name: "Take it" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `${dan.split("@")[0]} has it: the owner changed before you pressed. Nothing was changed.`,
    );
    await expect(ownerPanel.getByRole("combobox", { name: "Owner" })).toHaveValue(danId);
    expect(await applicationColumn(id, "ownerId")).toBe(danId);
    await expect(page.locator("#details")).not.toContainText(email);
  });
});
