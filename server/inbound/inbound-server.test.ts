import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamPaths } from "#app/shared/paths.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { sharedSecret } from "../db/settings.ts";
import { replyAddress } from "../mail/reply-address.ts";
import { applicationOf } from "../test/fixtures.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { rowCount } from "../test/stored.ts";
import { waitFor } from "../test/wait.ts";
import { writtenEmails } from "../test/written-emails.ts";
import { smtpConversation } from "./smtp-conversation.ts";
import { rawMessage } from "./test-messages.ts";

const replyDomain = "reply.reelsmith.example";
const token = "inbound-token-0123456789-abcdefgh";
const siteUrl = "https://reelsmith.example";

describe("replies coming back to the real server, by SMTP and by a provider's POST", () => {
  let server: TestServer;
  let database: DatabaseHandle;
  let secret: string;
  let applicants = 0;

  beforeAll(async () => {
    server = await startTestServer({
      INBOUND_SMTP_PORT: "0",
      REPLY_DOMAIN: replyDomain,
      INBOUND_TOKEN: token,
      INBOUND_MAX_BYTES: String(1024 * 1024),
      PUBLIC_SITE_URL: siteUrl,
      TEAM_EMAIL: "team@reelsmith.example",
      INBOUND_APPLICATION_MESSAGES_PER_HOUR: "5",
    });
    database = server.openDatabase();
    secret = await sharedSecret(database.db, "reply_tag_secret");
  });
  afterAll(async () => {
    await database.close();
    await server.stop();
  });

  /** A new application through the API; its id and its reply address. */
  async function application() {
    applicants += 1;
    const response = await server.submit(applicationOf(`replier${applicants}`));
    const { id } = (await response.json()) as { id: string };
    return { id, address: replyAddress(secret, id, replyDomain) };
  }
  const messageCount = () => rowCount(database, "applicationMessages");
  const post = (
    body: Uint8Array | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
    path: string = teamPaths.inboundEmail,
  ) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "message/rfc822", ...headers },
      body: body instanceof ReadableStream ? body : new Uint8Array(body),
      redirect: "manual",
      duplex: "half",
    } as RequestInit);

  /** How many messages an application's thread holds. */
  const threadCount = async (id: string) =>
    (
      await database.db
        .selectFrom("applicationMessages")
        .select("id")
        .where("submissionId", "=", id)
        .execute()
    ).length;

  /** Our SMTP listener, as a sending server reaches it (plain SMTP on loopback). */
  const smtpTransport = () =>
    nodemailer.createTransport({
      host: "127.0.0.1",
      port: server.inboundSmtpPort,
      secure: false,
      ignoreTLS: true,
    });

  it("SMTP: a reply to the reply address is stored and matched, and the team is told once, without its text", async () => {
    const { id, address } = await application();
    const transport = smtpTransport();
    const info = await transport.sendMail({
      envelope: { from: "replier1@example.com", to: [address] },
      raw: await rawMessage({
        from: "Replier <replier1@example.com>",
        to: address,
        text: "The secret plan: 3 videos a week.",
      }),
    });
    expect(info.response).toMatch(/^250 /);
    const stored = await database.db
      .selectFrom("applicationMessages")
      .selectAll()
      .where("submissionId", "=", id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.toAddress).toBe(address);

    // The notice: an .eml to TEAM_EMAIL (nobody owns it), naming who and where, not what.
    const notice = await waitFor(
      async () => {
        const written = await writtenEmails(server.dataDir);
        return written.find((mail) => mail.subject?.startsWith("New reply from"));
      },
      { what: "the new-reply email" },
    );
    expect(notice.subject).toBe("New reply from Maya Lopez");
    expect(notice.text).toContain(`${siteUrl}/team/applications/${id}`);
    expect(notice.text).not.toContain("secret plan");
    const rows = await database.db
      .selectFrom("deliveries")
      .select(["kind", "status"])
      .where("submissionId", "=", id)
      .where("kind", "=", "reply_notice_email")
      .execute();
    expect(rows).toEqual([{ kind: "reply_notice_email", status: "done" }]);
  });

  it("SMTP: 10,000 recipients get 50 accepted and 452 for the rest; one message stored", async () => {
    const { id, address } = await application();
    const others = Array.from({ length: 9_999 }, (_, i) => `reply+${i}@${replyDomain}`);
    const raw = (await rawMessage({ to: address })).toString("latin1").replace(/\r\n\./g, "\r\n..");
    const { codes } = await smtpConversation(
      server.inboundSmtpPort ?? 0,
      [
        "EHLO client.example",
        "MAIL FROM:<replier2@example.com>",
        ...[address, ...others].map((to) => `RCPT TO:<${to}>`),
        "DATA",
        `${raw}\r\n.`,
        "QUIT",
      ],
      10_006,
    );
    const rcpt = codes.slice(3, 3 + 10_000);
    expect(rcpt.filter((code) => code === 250)).toHaveLength(50);
    expect(rcpt.filter((code) => code === 452)).toHaveLength(9_950);
    expect(codes.slice(-3)).toEqual([354, 250, 221]);
    expect(await threadCount(id)).toBe(1);
  });

  it("HTTP: 200 for a matched and an unmatched message, both stored; no session, no origin needed", async () => {
    const { address } = await application();
    const matched = await post(await rawMessage({ to: address }));
    expect(matched.status).toBe(200);
    expect(await matched.json()).toEqual({ ok: true, matched: true });
    const unmatched = await post(await rawMessage({ to: `hello@${replyDomain}` }));
    expect(unmatched.status).toBe(200);
    expect(await unmatched.json()).toEqual({ ok: true, matched: false });
  });

  it("HTTP: 401 without the token, 415 another type, 413 over the limit (declared or streamed), 400 for 10,000 recipients: nothing stored", async () => {
    const { address } = await application();
    const before = await messageCount();
    const raw = await rawMessage({ to: address });
    expect((await post(raw, { Authorization: "" })).status).toBe(401);
    expect(
      (await post(raw, { Authorization: "Bearer wrong-token-0123456789-abcdef" })).status,
    ).toBe(401);
    expect((await post(raw, { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await post(Buffer.alloc(1024 * 1024 + 1, 65))).status).toBe(413);
    // Chunked, no length: refused as soon as it passes the limit, not read whole.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024).fill(65));
      },
    });
    const streamed = await post(endless);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    const crowd = Array.from({ length: 10_000 }, (_, i) => `person${i}@example.org`);
    const many = await post(await rawMessage({ to: [address, ...crowd] }));
    expect(many.status).toBe(400);
    expect(await many.json()).toEqual({ ok: false, error: "too_many_recipients" });
    expect(await messageCount()).toBe(before);
  });

  it("HTTP: only that exact path passes the team's guard; any other spelling meets it", async () => {
    const raw = await rawMessage({ to: `hello@${replyDomain}` });
    const before = await messageCount();
    for (const other of ["/team/inbound-email/", "/TEAM/inbound-email", "//team/inbound-email"]) {
      const response = await post(raw, {}, other);
      expect([303, 403], other).toContain(response.status);
    }
    const get = await fetch(`${server.url}${teamPaths.inboundEmail}`, { redirect: "manual" });
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe(teamPaths.signIn);
    expect(await messageCount()).toBe(before);
  });

  it("mail that can never be parsed (1,001 MIME parts) is refused for good: SMTP 554, HTTP 422, each with its reason; nothing stored", async () => {
    const { address } = await application();
    const before = await messageCount();
    const parts = Array.from(
      { length: 1001 },
      (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`,
    ).join("");
    const raw = Buffer.from(
      `From: a@example.org\r\nTo: ${address}\r\nSubject: parts\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`,
    );
    const transport = smtpTransport();
    await expect(
      transport.sendMail({ envelope: { from: "a@example.org", to: [address] }, raw }),
    ).rejects.toMatchObject({
      responseCode: 554,
      response: expect.stringMatching(/^554 5\.6\.0 Message cannot be parsed/),
    });
    const posted = await post(raw);
    expect(posted.status).toBe(422);
    expect(await posted.json()).toEqual({
      ok: false,
      error: "unparseable",
      reason: "Max allowed child nodes exceeded",
    });
    expect(await messageCount()).toBe(before);
  });

  it("over an application's messages an hour: SMTP 451, HTTP 429 with Retry-After, and the team told once by email", async () => {
    const { id, address } = await application();
    const transport = smtpTransport();
    const send = async (n: number) =>
      transport.sendMail({
        envelope: { from: `sender${n}@example.com`, to: [address] },
        raw: await rawMessage({ to: address, from: `sender${n}@example.com` }),
      });
    for (let n = 1; n <= 5; n += 1) expect((await send(n)).response).toMatch(/^250 /);
    await expect(send(6)).rejects.toMatchObject({
      responseCode: 451,
      response: expect.stringMatching(/application messages per hour/),
    });
    const posted = await post(await rawMessage({ to: address, from: "sender7@example.com" }));
    expect(posted.status).toBe(429);
    expect(Number(posted.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await posted.json()).toEqual({
      ok: false,
      error: "rate_limited",
      reason: "application_messages_per_hour",
    });
    expect(await threadCount(id)).toBe(5);
    const subject = "Mail refused: messages per hour for one application";
    const told = async () => {
      const written = await writtenEmails(server.dataDir);
      return written.filter((mail) => mail.subject === subject);
    };
    const [notice] = await waitFor(async () => ((await told()).length > 0 ? told() : undefined), {
      what: "the limit's email",
    });
    expect(notice?.to).toMatchObject({ text: "team@reelsmith.example" });
    expect(notice?.text).toContain("INBOUND_APPLICATION_MESSAGES_PER_HOUR");
    expect(notice?.text).not.toMatch(/sender\d@example\.com/);
    expect(await told()).toHaveLength(1);
  });
});
