import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import type Mail from "nodemailer/lib/mailer";
import pino from "pino";
import { expect, it } from "vitest";
import { eraseApplicant } from "../db/applications/erase.ts";
import { storeApplications } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { messageInsert } from "../db/messages.ts";
import { inboundDirectory } from "../mail/inbound-files.ts";
import { taggedMessageId } from "../mail/product-message-ids.ts";
import { replyAddress } from "../mail/reply-address.ts";
import { describeEachBackend, type StorageBackend } from "../test/backends.ts";
import { newReplyOf, pendingApplication } from "../test/stored.ts";
import { createReceiver, type ReceiverDeps } from "./receive.ts";
import { rawMessage, servedDatabase, testReceiverDeps, testReply } from "./test-messages.ts";

const { secret, domain: replyDomain } = testReply;
const noticeKinds = ["reply_notice_email", "reply_notice_slack"];

/** A reply of ours ("Hello", a second ago) in an application's thread. */
function ourReply(
  database: Pick<DatabaseHandle, "db">,
  reply: {
    id: string;
    submissionId: string;
    messageId: string;
    fromAddress: string;
    toAddress: string;
    subject?: string;
  },
) {
  return messageInsert(database.db, {
    subject: "About your application",
    ...reply,
    direction: "out",
    inReplyTo: null,
    body: "Hello",
    visible: "Hello",
    rawFile: null,
    auth: null,
    memberEmail: "owner@reelsmith.example",
    deliveryId: null,
    createdAt: Date.now() - 1000,
  }).execute();
}

/** Every line the receiver logged, as written. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = pino(
    { level: "debug" },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { logger, lines };
}

/** A receiver on a fresh database of `backend` (SQLite: through the writer thread, as served). */
async function receiverOn(backend: StorageBackend, options: Partial<ReceiverDeps> = {}) {
  const { database, direct, dataDir } = await servedDatabase(backend);
  const { logger, lines } = capturedLogger();
  const nudges = { count: 0 };
  const receiver = createReceiver(
    testReceiverDeps(database, dataDir, {
      ownAddresses: ["no-reply@reelsmith.example", "team@reelsmith.example"],
      noticeKinds,
      logger,
      onNotices: () => {
        nudges.count += 1;
      },
      ...options,
    }),
  );
  const application = async (email = "maya@example.org") => {
    const pending = pendingApplication({ row: { email }, deliveries: [] });
    await storeApplications(direct.db, [pending], Date.now());
    return pending.row.id;
  };
  const messages = () =>
    direct.db.selectFrom("applicationMessages").selectAll().orderBy("createdAt").execute();
  const notices = (id: string) =>
    direct.db
      .selectFrom("deliveries")
      .select(["kind", "status"])
      .where("submissionId", "=", id)
      .where("kind", "in", noticeKinds)
      .orderBy("kind")
      .execute();
  const newReply = (id: string) => newReplyOf(direct, id);
  const files = async () => {
    const directory = inboundDirectory(dataDir);
    const names = await readdir(directory, { recursive: true }).catch(() => [] as string[]);
    // The spool (DATA_DIR/inbound/incoming), where a message waits until it is stored, aside.
    return names.filter((name) => !name.startsWith("incoming")).sort();
  };
  /** A new application, and a message (of `options`) to its tagged reply address. */
  const replyToNew = async (options: Mail.Options = {}) => {
    const id = await application();
    return { id, raw: await rawMessage({ to: replyAddress(secret, id, replyDomain), ...options }) };
  };
  return {
    receiver,
    database: direct,
    dataDir,
    lines,
    nudges,
    application,
    replyToNew,
    messages,
    notices,
    newReply,
    files,
  };
}

describeEachBackend("receiving a message on $name", (backend) => {
  it("matches a reply by its tagged address: stored whole, New reply, one notice per channel", async () => {
    const at = await receiverOn(backend);
    const { id, raw } = await at.replyToNew({
      messageId: "<first@example.org>",
      attachments: [{ filename: "../brief.pdf", content: "%PDF-1.4 brief" }],
    });
    const received = await at.receiver.receive(raw, { to: [] });
    expect(received).toMatchObject({ ok: true, matched: true, duplicate: false });

    const [stored] = await at.messages();
    expect(stored).toMatchObject({
      submissionId: id,
      direction: "in",
      messageId: "<first@example.org>",
      fromAddress: "maya@example.org",
      fromName: "Maya Chen",
      subject: "Re: Your application",
      visible: "Thanks, Tuesday works for me.",
      rawFile: `inbound/${stored?.id}.eml`,
    });
    expect(stored?.body).toContain("> When can we talk?");
    expect(JSON.parse(stored?.auth ?? "{}")).toEqual({
      spf: "none",
      dkim: "none",
      dmarc: "none",
    });
    expect(await at.newReply(id)).toBe(1);
    expect(await at.notices(id)).toEqual([
      { kind: "reply_notice_email", status: "pending" },
      { kind: "reply_notice_slack", status: "pending" },
    ]);
    expect(at.nudges.count).toBe(1);

    // The raw message and its attachment, 0600 in 0700 directories, under our names.
    const attachment = await at.database.db
      .selectFrom("messageAttachments")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(attachment).toMatchObject({ filename: "brief.pdf", size: 14 });
    expect(await at.files()).toEqual(
      [`${stored?.id}`, `${stored?.id}.eml`, `${stored?.id}/${attachment.id}`].sort(),
    );
    const mode = async (relative: string) =>
      (await stat(path.join(at.dataDir, relative))).mode & 0o777;
    expect(await mode("inbound")).toBe(0o700);
    expect(await mode(`inbound/${stored?.id}`)).toBe(0o700);
    expect(await mode(`inbound/${stored?.id}.eml`)).toBe(0o600);
    expect(await mode(attachment.file)).toBe(0o600);

    // A second reply before anyone read the first: stored, no second notice.
    await at.receiver.receive(
      await rawMessage({
        to: replyAddress(secret, id, replyDomain),
        messageId: "<second@example.org>",
      }),
      { to: [] },
    );
    expect(await at.messages()).toHaveLength(2);
    expect(await at.notices(id)).toHaveLength(2);
    expect(at.nudges.count).toBe(1);
  });

  it("stores a message a provider sends twice once (same Message-ID), and its files once", async () => {
    const at = await receiverOn(backend);
    const { id, raw } = await at.replyToNew({
      messageId: "<retried@example.org>",
      attachments: [{ filename: "a.txt", content: "a" }],
    });
    const results = await Promise.all([1, 2, 3].map(() => at.receiver.receive(raw, { to: [] })));
    expect(results.filter((result) => result.ok && !result.duplicate)).toHaveLength(1);
    expect(results.filter((result) => result.ok && result.duplicate)).toHaveLength(2);
    expect(await at.messages()).toHaveLength(1);
    expect(await at.notices(id)).toHaveLength(2);
    expect(await at.files()).toHaveLength(3); // one .eml, one directory, one attachment
  });

  it("matches by a tagged Message-ID of ours it answers (a reply from the inbox, the confirmation), from the applicant's address", async () => {
    const at = await receiverOn(backend);
    const first = await at.application("ana@example.org");
    const second = await at.application("Ben@Example.org");
    const ours = taggedMessageId(
      secret,
      "0b9a7c3e-1d2f-4e5a-8b6c-7d8e9f0a1b2c",
      "reply",
      "reelsmith.example",
    );
    await ourReply(at.database, {
      id: "0b9a7c3e-1d2f-4e5a-8b6c-7d8e9f0a1b2c",
      submissionId: first,
      messageId: ours,
      fromAddress: "team@reelsmith.example",
      toAddress: "ana@example.org",
    });
    const byThread = await at.receiver.receive(
      await rawMessage({ from: "Ana <ana@example.org>", to: "hello@x.example", inReplyTo: ours }),
      { to: [] },
    );
    const byConfirmation = await at.receiver.receive(
      await rawMessage({
        from: "Ben <bEN@example.ORG>",
        to: "hello@reelsmith.example",
        references: [
          "<elsewhere@example.org>",
          taggedMessageId(secret, second, "confirmation", "reelsmith.example"),
        ],
      }),
      { to: [] },
    );
    expect(byThread).toMatchObject({ ok: true, matched: true });
    expect(byConfirmation).toMatchObject({ ok: true, matched: true });
    const theirs = (await at.messages()).filter((message) => message.direction === "in");
    expect(theirs.map((message) => [message.submissionId, message.flag])).toEqual([
      [first, null],
      [second, null],
    ]);
    expect([await at.newReply(first), await at.newReply(second)]).toEqual([1, 1]);
    expect(await at.notices(first)).toHaveLength(2);
  });

  it("never matches by a bare id (issue 36: a stranger's In-Reply-To of the victim's confirmation)", async () => {
    const at = await receiverOn(backend);
    const victim = await at.application("maya@example.org");
    const rowId = "5c4b3a29-1807-4f6e-9d5c-4b3a29180706";
    await ourReply(at.database, {
      id: rowId,
      submissionId: victim,
      messageId: `<${rowId}.reply@reelsmith.example>`,
      fromAddress: "team@reelsmith.example",
      toAddress: "maya@example.org",
      subject: "Before this change",
    });
    const attempts = [
      // The attack as reproduced: from evil@example.net to any address of the reply domain.
      { from: "evil@example.net", inReplyTo: `<${victim}.confirmation@reelsmith.example>` },
      // Even from the applicant's own address, the bare id is no proof.
      { from: "maya@example.org", inReplyTo: `<${victim}.team@reelsmith.example>` },
      { from: "maya@example.org", references: [`<${victim}.confirmation@reelsmith.example>`] },
      // A tag made with another secret.
      {
        from: "maya@example.org",
        inReplyTo: taggedMessageId(
          "another-secret-0123456789-abcdef",
          victim,
          "team",
          "reelsmith.example",
        ),
      },
    ];
    for (const attempt of attempts) {
      const outcome = await at.receiver.receive(
        await rawMessage({ to: "anything@reply.reelsmith.example", ...attempt }),
        { to: ["anything@reply.reelsmith.example"], from: attempt.from },
      );
      expect(outcome).toMatchObject({ ok: true, matched: false });
    }
    const theirs = (await at.messages()).filter((message) => message.direction === "in");
    expect(theirs).toHaveLength(attempts.length);
    expect(theirs.every((message) => message.submissionId === null)).toBe(true);
    expect(await at.newReply(victim)).toBe(0);
    expect(await at.notices(victim)).toEqual([]);
  });

  it("keeps proof from another address in the thread, flagged to confirm: no New reply, no notice", async () => {
    const at = await receiverOn(backend);
    const id = await at.application("maya@example.org");
    const outcomes = [
      await at.receiver.receive(
        await rawMessage({
          from: "Maya <maya@elsewhere.example>",
          to: replyAddress(secret, id, replyDomain),
        }),
        { to: [replyAddress(secret, id, replyDomain)], from: "maya@example.org" },
      ),
      await at.receiver.receive(
        await rawMessage({
          from: "evil@example.net",
          inReplyTo: taggedMessageId(secret, id, "confirmation", "reelsmith.example"),
        }),
        { to: [] },
      ),
    ];
    for (const outcome of outcomes) expect(outcome).toMatchObject({ ok: true, matched: true });
    const stored = await at.messages();
    expect(stored.map((message) => [message.submissionId, message.flag])).toEqual([
      [id, "sender"],
      [id, "sender"],
    ]);
    expect(await at.newReply(id)).toBe(0);
    expect(await at.notices(id)).toEqual([]);
    expect(at.nudges.count).toBe(0);
  });

  it("keeps automatic replies and bounces, marked automatic: never New reply, never a notice", async () => {
    const at = await receiverOn(backend);
    const id = await at.application("maya@example.org");
    const to = replyAddress(secret, id, replyDomain);
    const bounce = Buffer.from(
      [
        "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>",
        `To: ${to}`,
        "Subject: Undelivered Mail Returned to Sender",
        "Message-ID: <bounce-1@mx.example.org>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "",
        "Your message could not be delivered.",
        "--b",
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; mx.example.org",
        "--b--",
        "",
      ].join("\r\n"),
    );
    const withHeaders = async (messageId: string, headers: Record<string, string>) =>
      at.receiver.receive(await rawMessage({ to, messageId, headers }), { to: [] });
    const outcomes = [
      await withHeaders("<ooo@example.org>", { "Auto-Submitted": "auto-replied" }),
      await withHeaders("<ooo2@example.org>", { "X-Autoreply": "yes" }),
      await withHeaders("<list@example.org>", { Precedence: "bulk" }),
      await at.receiver.receive(bounce, { to: [] }),
      // A bounce by SMTP: the null envelope sender.
      await at.receiver.receive(await rawMessage({ to, messageId: "<null@example.org>" }), {
        to: [to],
        from: "",
      }),
      // Unmatched, automatic as well.
      await at.receiver.receive(
        await rawMessage({
          to: "hello@reply.reelsmith.example",
          headers: { "Auto-Submitted": "auto-generated" },
        }),
        { to: [] },
      ),
    ];
    const matched = outcomes.map((outcome) => outcome.ok && outcome.matched);
    expect(matched).toEqual([...Array(5).fill(true), false]);
    const stored = await at.messages();
    expect(stored).toHaveLength(6);
    expect(stored.every((message) => message.flag === "automatic")).toBe(true);
    expect(await at.newReply(id)).toBe(0);
    expect(await at.notices(id)).toEqual([]);
    // A reply of the applicant's after them is a new reply as ever.
    await at.receiver.receive(await rawMessage({ to, messageId: "<real@example.org>" }), {
      to: [],
    });
    expect(await at.newReply(id)).toBe(1);
    expect(await at.notices(id)).toHaveLength(2);
  });

  it("recognises our own messages posted back in: never stored as the applicant's", async () => {
    const at = await receiverOn(backend);
    const id = await at.application("maya@example.org");
    const to = replyAddress(secret, id, replyDomain);
    const rowId = "9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4";
    const ours = taggedMessageId(secret, rowId, "reply", "reelsmith.example");
    const recordedElsewhere = "<kept-as-sent@mail.reelsmith.example>";
    for (const [row, messageId] of [
      [rowId, ours],
      ["4d3c2b1a-0f9e-4d8c-b7a6-958473625140", recordedElsewhere],
    ] as const) {
      await ourReply(at.database, {
        id: row,
        submissionId: id,
        messageId,
        fromAddress: "no-reply@reelsmith.example",
        toAddress: "maya@example.org",
      });
    }
    // Our reply itself, posted back (a provider's copy, a forward, a loop): its Message-ID.
    for (const messageId of [ours, recordedElsewhere, `<${id}.team@reelsmith.example>`]) {
      const back = await at.receiver.receive(
        await rawMessage({ from: "maya@example.org", to, messageId }),
        { to: [] },
      );
      expect(back).toMatchObject({ ok: true, matched: false, duplicate: true });
    }
    // From our own address (MAIL_FROM's, TEAM_EMAIL's): kept, flagged as ours.
    await at.receiver.receive(
      await rawMessage({
        from: "Reelsmith <No-Reply@reelsmith.example>",
        to,
        messageId: "<x@y.example>",
      }),
      { to: [] },
    );
    await at.receiver.receive(
      await rawMessage({ from: "team@reelsmith.example", to, messageId: "<z@y.example>" }),
      { to: [] },
    );
    const theirs = (await at.messages()).filter((message) => message.direction === "in");
    expect(theirs.map((message) => message.flag)).toEqual(["ours", "ours"]);
    expect(await at.newReply(id)).toBe(0);
    expect(await at.notices(id)).toEqual([]);
  });

  it("stores a From name and Subject without bidirectional controls (the spoof of issue 36)", async () => {
    const at = await receiverOn(backend);
    const { id, raw } = await at.replyToNew({
      from: { name: "Maya\u202e <ceo@bank.example>", address: "maya@example.org" },
      subject: "Re: Invoice \u202egnp.exe\u2066 \u200bpaid 👩‍🍳",
      text: "Body \u202ereversed\u202c text, zero\u200cwidth kept",
    });
    await at.receiver.receive(raw, { to: [] });
    const [stored] = await at.messages();
    expect(stored).toMatchObject({
      submissionId: id,
      fromName: "Maya <ceo@bank.example>",
      fromAddress: "maya@example.org",
      subject: "Re: Invoice gnp.exe paid 👩‍🍳",
    });
    expect(stored?.body).toContain("Body reversed text, zero\u200cwidth kept");
  });

  it("keeps a forged tag, a stranger's mail and a reply to an erased application as unmatched", async () => {
    const at = await receiverOn(backend);
    const id = await at.application("erased@example.org");
    const kept = await at.application("kept@example.org");
    const forged = replyAddress("another-secret-0123456789-abcdef", kept, replyDomain);
    await eraseApplicant(at.database, "erased@example.org", "0".repeat(64));
    const outcomes = await Promise.all([
      at.receiver.receive(await rawMessage({ to: forged }), { to: [] }),
      at.receiver.receive(await rawMessage({ to: "hello@reply.reelsmith.example" }), { to: [] }),
      at.receiver.receive(await rawMessage({ to: replyAddress(secret, id, replyDomain) }), {
        to: [],
      }),
      at.receiver.receive(await rawMessage({ inReplyTo: `<${id}.team@reelsmith.example>` }), {
        to: [replyAddress(secret, id, replyDomain)],
      }),
    ]);
    const matched = outcomes.map((outcome) => outcome.ok && outcome.matched);
    expect(matched).toEqual(Array(4).fill(false));
    const stored = await at.messages();
    expect(stored).toHaveLength(4);
    expect(stored.every((message) => message.submissionId === null)).toBe(true);
    expect(await at.newReply(kept)).toBe(0);
    expect(await at.notices(kept)).toEqual([]);
  });

  it("refuses a message over the limit or for more than 50 recipients, and stores nothing", async () => {
    const at = await receiverOn(backend, { maxBytes: 64 * 1024 });
    const { id, raw: big } = await at.replyToNew({
      attachments: [{ filename: "big.bin", content: Buffer.alloc(80 * 1024, 1) }],
    });
    expect(await at.receiver.receive(big, { to: [] })).toEqual({
      ok: false,
      refused: "too_large",
    });
    const crowd = Array.from({ length: 10_000 }, (_, i) => `person${i}@example.org`);
    const many = await rawMessage({ to: [replyAddress(secret, id, replyDomain), ...crowd] });
    expect(await at.receiver.receive(many.subarray(0, 64 * 1024), { to: [] })).toEqual({
      ok: false,
      refused: "too_many_recipients",
    });
    expect(await at.receiver.receive(await rawMessage(), { to: crowd.slice(0, 51) })).toEqual({
      ok: false,
      refused: "too_many_recipients",
    });
    expect(await at.messages()).toEqual([]);
    expect(await at.files()).toEqual([]);
  });

  it("logs ids and counts, never what the sender wrote", async () => {
    const at = await receiverOn(backend);
    const id = await at.application();
    await at.receiver.receive(
      await rawMessage({
        to: replyAddress(secret, id, replyDomain),
        subject: "Secret subject line",
        text: "My private phone is 555-0100",
        attachments: [{ filename: "passport-scan.pdf", content: "x" }],
      }),
      { to: [], from: "maya@example.org" },
    );
    const logged = at.lines.join("\n");
    expect(logged).toContain('"msg":"message received"');
    for (const secretText of [
      "Secret subject",
      "555-0100",
      "passport",
      "maya",
      "Maya",
      "example.org",
    ]) {
      expect(logged).not.toContain(secretText);
    }
  });
});
