import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type Mail from "nodemailer/lib/mailer";
import pino from "pino";
import { expect, it } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { storedInboundBytes } from "../db/inbound-limits.ts";
import { inboundDirectory } from "../mail/inbound-files.ts";
import { replyAddress } from "../mail/reply-address.ts";
import {
  describeEachBackend,
  describeOnPostgres,
  migratedDatabase,
  type StorageBackend,
} from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import {
  createInboundLimits,
  type InboundLimitSettings,
  type LimitFacts,
  type LimitNotice,
} from "./limits.ts";
import { createReceiver, type ReceiverDeps } from "./receive.ts";
import { spoolDirectory } from "./spool.ts";
import { rawMessage, servedDatabase, testReceiverDeps, testReply } from "./test-messages.ts";

const { secret, domain: replyDomain } = testReply;
const off = { messagesPerHour: 0, messagesPerDay: 0, bytesPerHour: 0, bytesPerDay: 0 };
const noLimits: InboundLimitSettings = {
  sender: off,
  ip: off,
  application: off,
  applicationStoredBytes: 0,
  unmatchedStoredBytes: 0,
};

/** A receiver with the limits of `settings` (the team told into `told`). */
async function receiverOn(
  backend: StorageBackend,
  settings: Partial<InboundLimitSettings> = {},
  options: Partial<ReceiverDeps> & { now?: () => number } = {},
) {
  const { database, direct, dataDir } = await servedDatabase(backend);
  const told: LimitNotice[] = [];
  const limitsOf = (handle: DatabaseHandle) =>
    createInboundLimits({
      database: handle,
      settings: { ...noLimits, ...settings },
      keySecret: secret,
      tell: async (notice) => {
        told.push(notice);
      },
      logger: pino({ level: "silent" }),
      now: options.now,
    });
  const limits = limitsOf(database);
  const receiver = createReceiver(
    testReceiverDeps(database, dataDir, {
      maxBytes: 2 * 1024 * 1024,
      admit: limits.admit,
      ...options,
    }),
  );
  const application = async (email = "maya@example.org") => {
    const pending = pendingApplication({ row: { email }, deliveries: [] });
    await storeApplications(direct.db, [pending], Date.now());
    return pending.row.id;
  };
  const reply = async (id: string, options: Mail.Options = {}) =>
    rawMessage({ to: replyAddress(secret, id, replyDomain), ...options });
  const messages = () => direct.db.selectFrom("applicationMessages").selectAll().execute();
  const files = async () =>
    (await readdir(inboundDirectory(dataDir), { recursive: true }).catch(() => [] as string[]))
      .filter((name) => !name.startsWith("incoming"))
      .sort();
  return {
    receiver,
    database,
    direct,
    dataDir,
    told,
    limitsOf,
    application,
    reply,
    messages,
    files,
  };
}

/** 1,001 MIME parts (mailsplit's limit is 1,000), or a Subject of 1.1 MB (its limit 1 MB). */
function neverParsed() {
  const parts = Array.from(
    { length: 1001 },
    (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`,
  ).join("");
  return {
    manyParts: Buffer.from(
      `From: a@example.org\r\nSubject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`,
    ),
    longSubject: Buffer.from(
      `From: a@example.org\r\nSubject: ${"x".repeat(1_100_000)}\r\n\r\nhello\r\n`,
    ),
  };
}

describeEachBackend("the limits of mail coming in, on $name", (backend) => {
  it("refuses for good what can never be parsed (1,001 MIME parts, a 1.1 MB Subject): nothing stored", async () => {
    const at = await receiverOn(backend);
    const { manyParts, longSubject } = neverParsed();
    expect(await at.receiver.receive(manyParts, { to: [] })).toEqual({
      ok: false,
      refused: "unparseable",
      reason: "Max allowed child nodes exceeded",
    });
    expect(await at.receiver.receive(longSubject, { to: [] })).toEqual({
      ok: false,
      refused: "unparseable",
      reason: "Max header size for a MIME node exceeded",
    });
    expect(await at.messages()).toEqual([]);
    expect(await at.files()).toEqual([]);
  });

  it("still throws when the database is away (an outage: the sender tries again later)", async () => {
    const { dataDir } = await servedDatabase(backend);
    const at = await receiverOn(backend);
    const closed = await migratedDatabase(backend);
    await closed.database.close();
    const receiver = createReceiver(testReceiverDeps(closed.database, dataDir));
    await expect(
      receiver.receive(await at.reply(await at.application()), { to: [] }),
    ).rejects.toThrow();
  });

  it("counts messages per sender, per SMTP client and per application: beyond, rate_limited with its Retry-After, others still taken", async () => {
    const at = await receiverOn(backend, {
      sender: { ...off, messagesPerHour: 2 },
      ip: { ...off, messagesPerDay: 3 },
      application: { ...off, messagesPerHour: 4 },
    });
    const id = await at.application();
    const from = (address: string) => ({ from: `Someone <${address}>` });
    const take = async (address: string, ip: string, to = id) =>
      at.receiver.receive(await at.reply(to, from(address)), { to: [], from: address }, { ip });
    const firstAt = Date.now();
    expect(await take("evil@example.net", "192.0.2.1")).toMatchObject({ ok: true });
    expect(await take("EVIL@example.net", "192.0.2.1")).toMatchObject({ ok: true });
    const third = await take("evil@example.net", "192.0.2.2");
    const elapsed = Math.ceil((Date.now() - firstAt) / 1000);
    expect(third).toMatchObject({
      ok: false,
      refused: "rate_limited",
      limit: "sender_messages_per_hour",
    });
    // The rest of the sender's hour, counted from the first message by the limiter's real clock
    // (a loaded machine can take more than a second over the three).
    const retryAfter =
      third.ok === false && "retryAfterSeconds" in third && third.retryAfterSeconds;
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(retryAfter).toBeGreaterThanOrEqual(3600 - elapsed);
    // A refused message counts too. Another sender for the same application: its fourth
    // message of the hour is taken…
    expect(await take("maya@example.org", "192.0.2.3")).toMatchObject({ ok: true });
    // …and its fifth is over the application's 4 an hour.
    expect(await take("ana@example.org", "192.0.2.3")).toMatchObject({
      refused: "rate_limited",
      limit: "application_messages_per_hour",
    });
    // The SMTP client 192.0.2.3 has sent 2; another application's mail from it is taken
    // until its 3 a day.
    const other = await at.application("ana@example.org");
    expect(await take("ana@example.org", "192.0.2.3", other)).toMatchObject({ ok: true });
    expect(await take("bo@example.org", "192.0.2.3", other)).toMatchObject({
      refused: "rate_limited",
      limit: "ip_messages_per_day",
    });
    expect(await at.messages()).toHaveLength(4);
  });

  it("counts bytes too (attachments in them): a sender over its bytes an hour is refused", async () => {
    const at = await receiverOn(backend, { sender: { ...off, bytesPerHour: 100 * 1024 } });
    const id = await at.application();
    const attachment = { filename: "clip.bin", content: Buffer.alloc(60 * 1024, 7) };
    const big = await at.reply(id, { attachments: [attachment] });
    expect(await at.receiver.receive(big, { to: [] })).toMatchObject({ ok: true });
    expect(await at.receiver.receive(big, { to: [] })).toMatchObject({
      ok: false,
      refused: "rate_limited",
      limit: "sender_bytes_per_hour",
    });
  });

  it("keeps an application's and Unmatched's stored bytes under their limits (raw and attachments): beyond, quota_full", async () => {
    const at = await receiverOn(backend, {
      applicationStoredBytes: 150 * 1024,
      unmatchedStoredBytes: 100 * 1024,
    });
    const id = await at.application();
    const attachment = { filename: "clip.bin", content: Buffer.alloc(40 * 1024, 7) };
    const first = await at.reply(id, { attachments: [attachment], messageId: "<a@x.example>" });
    expect(await at.receiver.receive(first, { to: [] })).toMatchObject({ ok: true });
    const [stored] = await at.messages();
    // 40 KB decoded, about 54 KB in base64 in the raw message.
    expect(stored?.size).toBe(first.length + 40 * 1024);
    expect(await storedInboundBytes(at.direct.db, id)).toBe(first.length + 40 * 1024);
    const second = await at.reply(id, { attachments: [attachment], messageId: "<b@x.example>" });
    expect(await at.receiver.receive(second, { to: [] })).toMatchObject({
      ok: false,
      refused: "quota_full",
      limit: "application_stored_bytes",
    });
    // Unmatched has a limit of its own.
    const stranger = await rawMessage({
      to: `someone@${replyDomain}`,
      attachments: [{ filename: "junk.bin", content: Buffer.alloc(30 * 1024, 1) }],
    });
    expect(await at.receiver.receive(stranger, { to: [] })).toMatchObject({ ok: true });
    expect(await at.receiver.receive(stranger, { to: [] })).toMatchObject({
      refused: "quota_full",
      limit: "unmatched_stored_bytes",
    });
    expect(await at.messages()).toHaveLength(2);
    expect(await storedInboundBytes(at.direct.db, null)).toBe(stranger.length + 30 * 1024);
  });

  it("says at MAIL FROM whether a sender or a client is over its rate already, counting nothing; the team told once per limit", async () => {
    const at = await receiverOn(backend);
    const told: string[] = [];
    const limits = createInboundLimits({
      database: at.database,
      settings: {
        ...noLimits,
        sender: { ...off, messagesPerHour: 2 },
        ip: { ...off, messagesPerHour: 3 },
      },
      keySecret: secret,
      tell: async (notice) => {
        told.push(notice.limit);
      },
      logger: pino({ level: "silent" }),
    });
    const facts = (sender: string, ip: string): LimitFacts => ({
      senders: [sender],
      ip,
      applicationId: null,
      bytes: 10,
      storedBytes: 10,
    });
    // Asking counts nothing.
    for (let i = 0; i < 5; i += 1) {
      expect(await limits.overAlready({ senders: ["a@x.example"], ip: "192.0.2.9" })).toEqual({
        ok: true,
      });
    }
    expect((await limits.admit(facts("a@x.example", "192.0.2.9"))).ok).toBe(true);
    expect((await limits.admit(facts("a@x.example", "192.0.2.9"))).ok).toBe(true);
    expect(await limits.overAlready({ senders: ["A@x.example"], ip: "192.0.2.10" })).toMatchObject({
      ok: false,
      refused: "rate_limited",
      limit: "sender_messages_per_hour",
    });
    expect(await limits.overAlready({ senders: ["b@x.example"], ip: "192.0.2.9" })).toEqual({
      ok: true,
    });
    expect((await limits.admit(facts("b@x.example", "192.0.2.9"))).ok).toBe(true);
    expect(await limits.overAlready({ senders: ["c@x.example"], ip: "192.0.2.9" })).toMatchObject({
      ok: false,
      limit: "ip_messages_per_hour",
    });
    // A flood sent one message at a time is refused here, never whole: the team is told here,
    // once per limit and period, however often it is asked.
    await limits.overAlready({ senders: ["c@x.example"], ip: "192.0.2.9" });
    await limits.overAlready({ senders: ["A@x.example"], ip: "192.0.2.10" });
    expect(told).toEqual(["sender_messages_per_hour", "ip_messages_per_hour"]);
  });

  it("tells the team once per limit and period, however many messages it refuses", async () => {
    let now = Date.UTC(2026, 10, 28, 3, 10);
    const at = await receiverOn(
      backend,
      { sender: { ...off, messagesPerHour: 1 } },
      { now: () => now },
    );
    const id = await at.application();
    const raw = await at.reply(id);
    await at.receiver.receive(raw, { to: [] });
    for (let i = 0; i < 3; i += 1) {
      expect(await at.receiver.receive(raw, { to: [] })).toMatchObject({ ok: false });
    }
    expect(at.told).toEqual([
      {
        limit: "sender_messages_per_hour",
        kind: "rate",
        value: 1,
        variable: "INBOUND_SENDER_MESSAGES_PER_HOUR",
        until: Date.UTC(2026, 10, 28, 4),
      },
    ]);
    // The next hour is a period of its own: told again, once.
    now += 3600_000;
    await at.receiver.receive(raw, { to: [] });
    await at.receiver.receive(raw, { to: [] });
    expect(at.told.map((notice) => notice.until)).toEqual([
      Date.UTC(2026, 10, 28, 4),
      Date.UTC(2026, 10, 28, 5),
    ]);
  });

  it("receiveFile parses at most parseConcurrency messages at once and removes each spooled file", async () => {
    let inside = 0;
    let most = 0;
    // The first two wait for each other inside, so the bound is reached however slowly the
    // host parses; the others queue behind them (a third inside would make `most` 3).
    let bothInside = () => {};
    const meeting = new Promise<void>((resolve) => {
      bothInside = resolve;
    });
    const at = await receiverOn(
      backend,
      {},
      {
        parseConcurrency: 2,
        admit: async () => {
          inside += 1;
          most = Math.max(most, inside);
          if (inside === 2) bothInside();
          await meeting;
          await new Promise((resolve) => setTimeout(resolve, 20));
          inside -= 1;
          return { ok: true };
        },
      },
    );
    const id = await at.application();
    const spool = spoolDirectory(at.dataDir);
    await mkdir(spool, { recursive: true });
    const spooled: { file: string; bytes: number }[] = [];
    for (let n = 0; n < 6; n += 1) {
      const raw = await at.reply(id, { messageId: `<m${n}@x.example>` });
      const file = path.join(spool, `${n}.eml`);
      await writeFile(file, raw);
      spooled.push({ file, bytes: raw.length });
    }
    const results = await Promise.all(
      spooled.map((message) => at.receiver.receiveFile(message, { to: [] })),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(most).toBe(2);
    expect(await readdir(spool)).toEqual([]);
  });
});

describeOnPostgres("the limits across instances (PostgreSQL)", (postgres) => {
  it("two instances share the counts and tell the team once between them", async () => {
    const at = await receiverOn(postgres, { sender: { ...off, messagesPerHour: 2 } });
    const second = at.limitsOf(at.database);
    const first = createLimitsFacts("evil@example.net");
    const admitted = [
      await second.admit(first),
      await at.limitsOf(at.database).admit(first),
      await second.admit(first),
      await at.limitsOf(at.database).admit(first),
    ];
    expect(admitted.map((a) => a.ok)).toEqual([true, true, false, false]);
    expect(at.told).toHaveLength(1);
  });
});

function createLimitsFacts(sender: string): LimitFacts {
  return { senders: [sender], applicationId: null, bytes: 1000, storedBytes: 1000 };
}
