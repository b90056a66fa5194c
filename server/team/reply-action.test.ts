import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import type { TeamAction } from "#app/shared/application-port.ts";
import { storeApplications } from "../db/applications/store.ts";
import { attachmentInsert, messageInsert } from "../db/messages.ts";
import type { NewApplicationMessage } from "../db/schema.ts";
import { sharedSecret } from "../db/settings.ts";
import { taggedMessageId } from "../mail/product-message-ids.ts";
import { describeEachBackend } from "../test/backends.ts";
import { inboundMessageRow, pendingApplication } from "../test/stored.ts";
import { type TeamFixture, teamFixtureWithMember } from "../test/team.ts";

const subject = "Re: Your Reelsmith application (Influencer plan)";

/** A message of theirs on an application, as the inbound side stores one. */
const theirs = (applicationId: string, values: Partial<NewApplicationMessage> = {}) =>
  inboundMessageRow(applicationId, { subject: `Re: ${subject}`, ...values });

// The Reply and Mark read actions of the application page, as its route module calls them, on
// a real database: the message, its delivery, the first response and the audit line in one
// transaction; nothing at all when the reply is refused.
describeEachBackend("replies from the inbox on $name", (backend) => {
  async function setUp() {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@example.com");
    const stored = pendingApplication();
    await storeApplications(fixture.database.db, [stored]);
    const port = fixture.port;
    const id = stored.row.id;
    const act = (action: TeamAction) => port.act(member, id, action);
    return { fixture, member, port, id, act, stored };
  }

  const rowOf = (fixture: TeamFixture, id: string) =>
    fixture.database.db
      .selectFrom("submissions")
      .select(["status", "firstResponseAt", "newReply"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const messagesOf = (fixture: TeamFixture) =>
    fixture.database.db
      .selectFrom("applicationMessages")
      .selectAll()
      .orderBy("createdAt")
      .execute();
  const replyDeliveries = (fixture: TeamFixture) =>
    fixture.database.db
      .selectFrom("deliveries")
      .selectAll()
      .where("kind", "=", "reply_email")
      .execute();

  it("a reply stores its message and its delivery, answers the application (New → Contacted) and writes its line", async () => {
    const { fixture, port, id, act, stored } = await setUp();
    // Two messages of theirs came back, the later one unread: ours answers the later.
    const older = theirs(id, { createdAt: Date.now() - 60_000 });
    const latest = theirs(id, { createdAt: Date.now() - 1000 });
    await messageInsert(fixture.database.db, older).execute();
    await messageInsert(fixture.database.db, latest).execute();
    await fixture.database.db.updateTable("submissions").set({ newReply: 1 }).execute();
    const before = Date.now();

    const outcome = await act({
      type: "reply",
      subject: `  ${subject} `,
      // As a browser posts a textarea: CRLF line breaks.
      body: "Hi Maya,\r\n\r\nCould we talk on Tuesday?\t🎬\r\n",
    });
    expect(outcome).toEqual({
      ok: true,
      done: "reply",
      message: "Reply sent: it is on its way to the applicant.",
    });

    const [delivery, ...more] = await replyDeliveries(fixture);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ submissionId: id, status: "pending", attempts: 0 });
    expect(Number(delivery?.nextAttemptAt)).toBeGreaterThanOrEqual(before);
    expect(Number(delivery?.nextAttemptAt)).toBeLessThanOrEqual(Date.now());

    const ours = (await messagesOf(fixture)).filter((message) => message.direction === "out");
    expect(ours).toHaveLength(1);
    const [message] = ours;
    expect(message).toMatchObject({
      submissionId: id,
      inReplyTo: latest.messageId,
      fromAddress: "hello@reelsmith.example",
      fromName: "maya",
      toAddress: stored.row.email,
      subject,
      body: "Hi Maya,\n\nCould we talk on Tuesday?\t🎬",
      visible: "Hi Maya,\n\nCould we talk on Tuesday?\t🎬",
      memberEmail: "maya@example.com",
      deliveryId: delivery?.id,
      rawFile: null,
    });
    // Tagged under the instance's secret: the proof the applicant's answer carries.
    const secret = await sharedSecret(fixture.database.db, "reply_tag_secret");
    expect(message?.messageId).toBe(
      taggedMessageId(secret, message?.id ?? "", "reply", "reelsmith.example"),
    );
    expect(Number(message?.createdAt)).toBeGreaterThanOrEqual(before);

    // Answered: its first response now, New → Contacted, no longer a "New reply".
    const row = await rowOf(fixture, id);
    expect(row.status).toBe("contacted");
    expect(Number(row.firstResponseAt)).toBe(Number(message?.createdAt));
    expect(Number(row.newReply)).toBe(0);
    expect(fixture.firstResponses).toHaveLength(1);
    expect(fixture.nudges.count).toBe(1);

    const view = await port.application(id);
    expect(view?.newReply).toBe(false);
    expect(view?.audit.map((line) => [line.memberEmail, line.action, line.detail])).toEqual([
      ["maya@example.com", "reply", ""],
    ]);
    const shown = view?.thread.find((entry) => entry.source === "reply");
    expect(shown).toMatchObject({
      direction: "out",
      from: "maya <hello@reelsmith.example>",
      to: stored.row.email,
      deliveryStatus: "pending",
      memberEmail: "maya@example.com",
    });
  });

  it("a later reply keeps the first response, and a status past New stays", async () => {
    const { fixture, id, act } = await setUp();
    await act({ type: "status", status: "onboarded" });
    const first = (await rowOf(fixture, id)).firstResponseAt;
    expect(first).not.toBeNull();
    expect(await act({ type: "reply", subject, body: "Welcome aboard!" })).toMatchObject({
      ok: true,
    });
    expect(await act({ type: "reply", subject, body: "One more thing." })).toMatchObject({
      ok: true,
    });
    const row = await rowOf(fixture, id);
    expect(row.status).toBe("onboarded");
    expect(row.firstResponseAt).toBe(first);
    expect(fixture.firstResponses).toHaveLength(1); // the status, not the replies
    expect(await replyDeliveries(fixture)).toHaveLength(2);
    // No message of theirs to answer: ours start the thread.
    expect((await messagesOf(fixture)).map((message) => message.inReplyTo)).toEqual([null, null]);
  });

  it("refuses a subject that would write headers (CR, LF…), and other bad replies: nothing stored", async () => {
    const { fixture, port, id, act } = await setUp();
    const oneLine =
      "The subject must be one line: please remove line breaks and invisible control characters.";
    const refused: [TeamAction & { type: "reply" }, string][] = [
      [{ type: "reply", subject: "Hi\r\nBcc: everyone@example.com", body: "x" }, oneLine],
      [{ type: "reply", subject: "Hi\nBcc: everyone@example.com", body: "x" }, oneLine],
      [{ type: "reply", subject: "Hi\rBcc: everyone@example.com", body: "x" }, oneLine],
      [{ type: "reply", subject: "Hi\tthere", body: "x" }, oneLine],
      [{ type: "reply", subject: "Hi\u0000", body: "x" }, oneLine],
      [{ type: "reply", subject: "Hi\u2028Bcc: x@example.com", body: "x" }, oneLine],
      [{ type: "reply", subject: "Hi\u0085", body: "x" }, oneLine],
      [{ type: "reply", subject: "   ", body: "x" }, "Please write a subject."],
      [
        { type: "reply", subject: "x".repeat(201), body: "x" },
        "Subjects are at most 200 characters.",
      ],
      [{ type: "reply", subject, body: " \r\n " }, "Please write a message."],
      [
        { type: "reply", subject, body: "Hi\u0000there" },
        "Please remove invisible control characters",
      ],
      [
        { type: "reply", subject, body: "Hi\u001b[31mthere" },
        "Please remove invisible control characters",
      ],
      [
        { type: "reply", subject, body: "Hi\u000bthere" },
        "Please remove invisible control characters",
      ],
      [
        { type: "reply", subject, body: "x".repeat(10_001) },
        "Messages are at most 10,000 characters.",
      ],
    ];
    for (const [action, message] of refused) {
      expect(await act(action), JSON.stringify(action)).toEqual({
        ok: false,
        error: "invalid",
        message,
      });
    }
    expect(await messagesOf(fixture)).toEqual([]);
    expect(await replyDeliveries(fixture)).toEqual([]);
    const row = await rowOf(fixture, id);
    expect(row).toMatchObject({ status: "new", firstResponseAt: null });
    expect((await port.application(id))?.audit).toEqual([]);
    expect(fixture.nudges.count).toBe(0);
    expect(fixture.firstResponses).toEqual([]);
    // At the limits, it goes.
    expect(
      await act({ type: "reply", subject: "x".repeat(200), body: "y".repeat(10_000) }),
    ).toMatchObject({ ok: true });
  });

  it("Mark read: no longer a New reply, with its line", async () => {
    const { fixture, port, id, act } = await setUp();
    await fixture.database.db.updateTable("submissions").set({ newReply: 1 }).execute();
    expect((await port.application(id))?.newReply).toBe(true);
    expect(await act({ type: "read" })).toEqual({
      ok: true,
      done: "read",
      message: "Marked as read.",
    });
    const view = await port.application(id);
    expect(view?.newReply).toBe(false);
    expect(view?.status).toBe("new"); // reading is not answering
    expect(view?.firstResponseAt).toBeNull();
    expect(view?.audit.map((line) => [line.action, line.detail])).toEqual([["read", ""]]);
  });

  it("the thread: oldest first, the product's own emails, ours with their state, theirs with their checks", async () => {
    const { fixture, port, id, act, stored } = await setUp();
    const received = theirs(id, {
      createdAt: Date.now() + 1000,
      body: "Tuesday works.\n\nOn Monday, Maya wrote:\n> Could we talk?",
      visible: "Tuesday works.",
      auth: JSON.stringify({ spf: "pass", dkim: "fail", dmarc: "pass", extra: 1 }),
    });
    await messageInsert(fixture.database.db, received).execute();
    await attachmentInsert(fixture.database.db, {
      id: "attachment-1",
      messageId: received.id,
      filename: "brief.pdf",
      contentType: "application/pdf",
      size: 2048,
      file: "inbound/brief.pdf",
    }).execute();
    await act({ type: "reply", subject, body: "Could we talk?" });
    await fixture.database.db
      .updateTable("deliveries")
      .set({ status: "done" })
      .where("kind", "in", ["team_notification", "reply_email"])
      .execute();

    const thread = (await port.application(id))?.thread ?? [];
    expect(thread.map((entry) => [entry.source, entry.direction, entry.deliveryStatus])).toEqual([
      ["system", "out", "done"],
      ["system", "out", "pending"],
      ["reply", "out", "done"],
      ["received", "in", undefined],
    ]);
    const [notification, confirmation, , answer] = thread;
    expect(notification).toMatchObject({
      from: "Reelsmith <no-reply@reelsmith.example>",
      to: "team@reelsmith.example",
      subject: "New application: Maya Lopez — Influencer plan",
      visible: "The team was told of this application by email.",
    });
    expect(confirmation).toMatchObject({
      to: stored.row.email,
      subject: "Thanks for applying to Reelsmith — Influencer plan",
    });
    expect(answer).toMatchObject({
      from: "Maya Lopez <maya@example.com>",
      visible: "Tuesday works.",
      full: "Tuesday works.\n\nOn Monday, Maya wrote:\n> Could we talk?",
      auth: { spf: "pass", dkim: "fail", dmarc: "pass" },
      attachments: [
        {
          id: "attachment-1",
          filename: "brief.pdf",
          contentType: "application/pdf",
          size: 2048,
        },
      ],
    });
    for (let i = 1; i < thread.length; i++) {
      expect(thread[i]?.createdAt).toBeGreaterThanOrEqual(thread[i - 1]?.createdAt ?? 0);
    }
  });

  it("erase deletes the messages, their attachments and their files, and nothing outside DATA_DIR", async () => {
    const { fixture, id, act } = await setUp();
    await act({ type: "reply", subject, body: "Could we talk?" });
    const inbound = path.join(fixture.dataDir, "inbound");
    await mkdir(inbound, { recursive: true });
    await writeFile(path.join(inbound, "answer.eml"), "raw");
    await writeFile(path.join(inbound, "brief.pdf"), "pdf");
    // A path that leads out of DATA_DIR (a bad row): refused, the file there left alone.
    const outside = path.join(path.dirname(fixture.dataDir), `${randomUUID()}.txt`);
    await writeFile(outside, "not ours");
    const received = theirs(id, { rawFile: "inbound/answer.eml" });
    await messageInsert(fixture.database.db, received).execute();
    await attachmentInsert(fixture.database.db, {
      id: randomUUID(),
      messageId: received.id,
      filename: "brief.pdf",
      contentType: "application/pdf",
      size: 3,
      file: "inbound/brief.pdf",
    }).execute();
    await messageInsert(
      fixture.database.db,
      theirs(id, { rawFile: `../${path.basename(outside)}` }),
    ).execute();

    expect(await act({ type: "erase" })).toMatchObject({ ok: true, done: "erase" });
    expect(await messagesOf(fixture)).toEqual([]);
    expect(
      await fixture.database.db.selectFrom("messageAttachments").selectAll().execute(),
    ).toEqual([]);
    expect(await replyDeliveries(fixture)).toEqual([]);
    expect(existsSync(path.join(inbound, "answer.eml"))).toBe(false);
    expect(existsSync(path.join(inbound, "brief.pdf"))).toBe(false);
    expect(existsSync(outside)).toBe(true);
  });
});
