import { expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { addMember } from "../../db/members.ts";
import { footageComplete, turnNotice, versionForTests } from "../../db/portal/request-clock.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { startSlackReceiver } from "../../test/chat-receivers.ts";
import { recordingMailer, siteWorkerConfig, workerSending } from "../../test/delivery-worker.ts";
import { clientWithRequest } from "../../test/portal.ts";
import { waitFor } from "../../test/wait.ts";
import { cutClockKinds } from "./cut-clock.ts";

const rowOf = async (database: DatabaseHandle, id: string) =>
  database.db
    .selectFrom("deliveries")
    .select(["status", "skipReason"])
    .where("id", "=", id)
    .executeTakeFirst();

/** An Influencer client's request with its footage complete and an editor: its ids. */
async function running(database: DatabaseHandle) {
  await addMember(database, "eve@studio.example");
  const client = await clientWithRequest(database, {
    plan: "Influencer",
    name: "Ada Lovelace",
    title: "Spring launch",
  });
  await footageComplete(database, { ...client, now: Date.parse("2026-11-28T10:00:00Z") });
  return client;
}

async function notice(database: DatabaseHandle, requestId: string, kind: string) {
  const deliveryId = crypto.randomUUID();
  const dueAt = Date.parse("2026-11-30T10:00:00Z");
  const made = await turnNotice(database, {
    requestId,
    turn: 0,
    kind,
    deliveryId,
    dueAt,
    now: Date.now(),
  });
  expect(made).toBe(true);
  return deliveryId;
}

describeEachBackend("the cut notices on $name", (backend) => {
  it("reminds the editor and alerts the team, each once, with the client, request, editor and due time", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await running(database);
    const reminder = await notice(database, client.requestId, "cut_reminder_email");
    const missed = await notice(database, client.requestId, "cut_missed_email");
    // The same turn and kind again: nothing made.
    expect(
      await turnNotice(database, {
        requestId: client.requestId,
        turn: 0,
        kind: "cut_missed_email",
        deliveryId: crypto.randomUUID(),
        dueAt: 0,
        now: Date.now(),
      }),
    ).toBe(false);
    const mail = recordingMailer();
    workerSending(database, mail.mailer);
    await waitFor(async () => mail.sent.length === 2, { what: "both sent" });
    const byTo = new Map(mail.sent.map((email) => [email.to, email]));
    const toEditor = byTo.get("eve@studio.example");
    expect(toEditor?.subject).toBe("Cut due soon for Ada Lovelace: Spring launch");
    expect(toEditor?.messageId).toBe(`<${reminder}.cut-reminder@reelsmith.example>`);
    expect(toEditor?.text).toContain("Due: 2026-11-30 10:00 UTC");
    expect(toEditor?.text).toContain("https://reelsmith.example/team/cuts");
    const toTeam = byTo.get(siteWorkerConfig.TEAM_EMAIL);
    expect(toTeam?.subject).toBe("Cut overdue for Ada Lovelace: Spring launch");
    expect(toTeam?.messageId).toBe(`<${missed}.cut-missed@reelsmith.example>`);
    expect(toTeam?.text).toContain("Editor: eve");
  });

  it("is skipped, unsent, when the cut was delivered by the time it runs", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await running(database);
    const missed = await notice(database, client.requestId, "cut_missed_email");
    await versionForTests(database, { ...client, number: 1, createdAt: Date.now() });
    const mail = recordingMailer();
    workerSending(database, mail.mailer);
    await waitFor(async () => (await rowOf(database, missed))?.status === "skipped", {
      what: "skipped",
    });
    expect(await rowOf(database, missed)).toEqual({
      status: "skipped",
      skipReason: "the cut was delivered",
    });
    expect(mail.sent).toEqual([]);
  });
});

describeEachBackend("the cut notices on a chat channel on $name", (backend) => {
  it("posts the team's alert to Slack once: our words in its heading and preview, the client's in the facts, defused; skipped once the cut is delivered", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "eve@studio.example");
    const client = await clientWithRequest(database, {
      plan: "Influencer",
      name: "<!channel> Eve",
      title: "Launch <https://evil.example|click>",
    });
    await footageComplete(database, { ...client, now: Date.parse("2026-11-28T10:00:00Z") });
    const missed = await notice(database, client.requestId, "cut_missed_slack");
    const slack = await startSlackReceiver();
    onTestFinished(() => slack.stop());
    const worker = workerSending(database, recordingMailer().mailer, {
      SLACK_WEBHOOK_URL: slack.url,
    });
    await waitFor(async () => (await rowOf(database, missed))?.status === "done", {
      what: "the Slack alert posted",
    });
    const [posted, ...others] = slack.accepted();
    expect(others).toEqual([]);
    const message = posted?.json as { text: string };
    expect(message.text).toBe("A cut is overdue.");
    // Slack's escaping breaks links and times with zero-width spaces: read without them.
    const body = String(posted?.body).replaceAll("\u200b", "");
    expect(body).toContain('"text":"Cut overdue"');
    expect(body).toContain('"text":"&lt;!channel&gt; Eve"');
    expect(body).toContain('"text":"eve &lt;eve@studio.example&gt;"');
    expect(body).toContain('"text":"2026-11-30 10:00 UTC"');
    expect(body).toContain('"url":"https://reelsmith.example/team/cuts"');
    expect(body).not.toContain("<!channel>");
    expect(body).not.toContain("<https://evil");

    // The next notice of the same request, after its cut came: skipped, nothing posted.
    const reminder = await notice(database, client.requestId, "cut_reminder_slack");
    await versionForTests(database, { ...client, number: 1, createdAt: Date.now() });
    worker.nudge();
    await waitFor(async () => (await rowOf(database, reminder))?.status === "skipped", {
      what: "skipped",
    });
    expect(slack.accepted()).toHaveLength(1);
  });
});

it("makes the clock's notices of each chat channel set up, the reminders only with a lead", () => {
  const base = { ...siteWorkerConfig, PORTAL_CUT_REMINDER_BEFORE_HOURS: 24 };
  expect(cutClockKinds(base)).toEqual({
    reminder: ["cut_reminder_email"],
    missed: ["cut_missed_email"],
  });
  const withChat = { ...base, SLACK_WEBHOOK_URL: "https://hooks.slack.example/x" };
  expect(cutClockKinds(withChat)).toEqual({
    reminder: ["cut_reminder_email", "cut_reminder_slack"],
    missed: ["cut_missed_email", "cut_missed_slack"],
  });
  expect(cutClockKinds({ ...withChat, PORTAL_CUT_REMINDER_BEFORE_HOURS: 0 }).reminder).toEqual([]);
});
