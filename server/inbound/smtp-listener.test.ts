import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import pino from "pino";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import type { Envelope, Received } from "./receive.ts";
import { smtpConversation } from "./smtp-conversation.ts";
import { type SmtpListener, startSmtpListener } from "./smtp-listener.ts";
import { rawMessage, refusals } from "./test-messages.ts";

const replyDomain = "reply.reelsmith.example";
const to = `reply+7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01.0123456789abcdef@${replyDomain}`;
let listener: SmtpListener | undefined;
/** A data directory of the test's own (the listener spools messages under it). */
async function spoolDir() {
  const directory = await mkdtemp(path.join(tmpdir(), "reelsmith-smtp-"));
  onTestFinished(() => rm(directory, { recursive: true, force: true }));
  return directory;
}
afterEach(async () => {
  await listener?.stop();
  listener = undefined;
});

/** A listener whose receiver answers with `answer` (or throws it), and what it was given. */
async function listenWith(answer: (call: number) => Received | Error, maxBytes = 64 * 1024) {
  const calls: { raw: Buffer; envelope: Envelope; ip?: string }[] = [];
  listener = await startSmtpListener(
    {
      receiveFile: async (spooled, envelope, client) => {
        calls.push({ raw: await readFile(spooled.file), envelope, ip: client?.ip });
        const outcome = answer(calls.length);
        if (outcome instanceof Error) throw outcome;
        return outcome;
      },
    },
    { port: 0, host: "127.0.0.1", replyDomain, maxBytes, dataDir: await spoolDir() },
    pino({ level: "silent" }),
  );
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: listener.port,
    secure: false,
    ignoreTLS: true,
  });
  return { calls, transport, port: listener.port };
}

const stored: Received = { ok: true, id: "x", matched: true, duplicate: false };

describe("the SMTP listener for replies", () => {
  it("says 250 once the message is stored, and 451 when it could not be (the sender retries)", async () => {
    const { calls, transport } = await listenWith((call) =>
      call === 1 ? new Error("database away") : stored,
    );
    const raw = await rawMessage({ to });
    const envelope = { from: "maya@example.org", to: [to] };
    await expect(transport.sendMail({ envelope, raw })).rejects.toMatchObject({
      responseCode: 451,
    });
    const info = await transport.sendMail({ envelope, raw });
    expect(info.response).toMatch(/^250 /);
    expect(calls).toHaveLength(2);
    // As sent (SMTP ends lines with CRLF, and DATA's terminator adds one).
    const lines = (message: Buffer) => message.toString().replace(/\r\n/g, "\n").trimEnd();
    expect(lines(calls[1]?.raw ?? Buffer.alloc(0))).toBe(lines(raw));
    expect(calls[1]).toMatchObject({
      envelope: { from: "maya@example.org", to: [to] },
      ip: "127.0.0.1",
    });
  });

  it("never relays: another domain gets 550; the 51st recipient 452", async () => {
    const { calls, transport } = await listenWith(() => stored);
    const raw = await rawMessage();
    await expect(
      transport.sendMail({
        envelope: { from: "x@example.org", to: ["victim@gmail.example"] },
        raw,
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(calls).toHaveLength(0);
    const many = Array.from({ length: 60 }, (_, i) => `reply+${i}@${replyDomain}`);
    const info = await transport.sendMail({ envelope: { from: "x@example.org", to: many }, raw });
    expect(info.accepted).toHaveLength(50);
    expect(info.rejected).toHaveLength(10);
    expect(
      info.rejectedErrors?.every(
        (error) => (error as { responseCode?: number }).responseCode === 452,
      ),
    ).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.envelope.to).toHaveLength(50);
  });

  it("refuses a message over INBOUND_MAX_BYTES with 552 as it streams in, and never hands it on", async () => {
    const { calls, port } = await listenWith(() => stored, 4 * 1024);
    const body = "x".repeat(76);
    const lines = Array.from({ length: 200 }, () => body).join("\r\n");
    const { codes } = await smtpConversation(
      port,
      [
        "EHLO client.example",
        "MAIL FROM:<maya@example.org>",
        `RCPT TO:<${to}>`,
        "DATA",
        `Subject: big\r\n\r\n${lines}\r\n.`,
        "QUIT",
      ],
      7,
    );
    expect(codes).toEqual([220, 250, 250, 250, 354, 552, 221]);
    expect(calls).toHaveLength(0);
  });

  it("refuses for good what can never be parsed (554), and answers a limit with 451 or 552 and its reason", async () => {
    const answers = refusals("application_stored_bytes");
    const { transport } = await listenWith((call) => answers[call - 1] as Received);
    const raw = await rawMessage({ to });
    const envelope = { from: "maya@example.org", to: [to] };
    await expect(transport.sendMail({ envelope, raw })).rejects.toMatchObject({
      responseCode: 554,
      response: expect.stringMatching(/cannot be parsed.*Max allowed child nodes exceeded/),
    });
    await expect(transport.sendMail({ envelope, raw })).rejects.toMatchObject({
      responseCode: 451,
      response: expect.stringMatching(/sender messages per hour.*120 s/),
    });
    await expect(transport.sendMail({ envelope, raw })).rejects.toMatchObject({
      responseCode: 552,
      response: expect.stringMatching(/Mailbox full \(application stored bytes\)/),
    });
  });

  it("refuses at MAIL FROM a sender or client over its rate already (451), before the message is sent", async () => {
    const calls: string[] = [];
    listener = await startSmtpListener(
      {
        receiveFile: async () => {
          calls.push("received");
          return stored;
        },
      },
      {
        port: 0,
        host: "127.0.0.1",
        replyDomain,
        maxBytes: 4096,
        dataDir: await spoolDir(),
        overAlready: async ({ senders, ip }) => {
          calls.push(`${senders.join(",")} ${ip}`);
          return senders[0] === "flood@example.net"
            ? {
                ok: false,
                refused: "rate_limited",
                limit: "sender_messages_per_hour",
                retryAfterSeconds: 60,
              }
            : { ok: true };
        },
      },
      pino({ level: "silent" }),
    );
    const { codes, lines } = await smtpConversation(
      listener.port,
      ["EHLO client.example", "MAIL FROM:<flood@example.net>", "QUIT"],
      4,
    );
    expect(codes).toEqual([220, 250, 451, 221]);
    expect(lines.find((line) => line.startsWith("451"))).toMatch(/sender messages per hour.*60 s/);
    expect(calls).toEqual(["flood@example.net 127.0.0.1"]);
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: listener.port,
      secure: false,
      ignoreTLS: true,
    });
    const info = await transport.sendMail({
      envelope: { from: "maya@example.org", to: [to] },
      raw: await rawMessage({ to }),
    });
    expect(info.response).toMatch(/^250 /);
    expect(calls).toEqual([
      "flood@example.net 127.0.0.1",
      "maya@example.org 127.0.0.1",
      "received",
    ]);
  });

  it("offers no AUTH, and no STARTTLS without a key and certificate; announces its SIZE", async () => {
    const { port } = await listenWith(() => stored, 4096);
    const { lines } = await smtpConversation(port, ["EHLO client.example", "QUIT"], 3);
    const ehlo = lines.filter((line) => line.startsWith("250"));
    expect(ehlo.some((line) => /SIZE 4096/.test(line))).toBe(true);
    expect(ehlo.some((line) => /STARTTLS|AUTH/.test(line))).toBe(false);
  });
});

/** A raw SMTP client: its lines as they come, and a way to wait for one. */
function rawClient(port: number, localAddress = "127.0.0.1") {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  const lines: string[] = [];
  let rest = "";
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    const all = (rest + chunk).split("\r\n");
    rest = all.pop() ?? "";
    for (const line of all) {
      lines.push(line);
      for (const waiter of waiters.splice(0)) {
        if (waiter.test(line)) waiter.resolve(line);
        else waiters.push(waiter);
      }
    }
  });
  const next = (pattern: RegExp, from = 0) =>
    new Promise<string>((resolve) => {
      const seen = lines.slice(from).find((line) => pattern.test(line));
      if (seen) return resolve(seen);
      waiters.push({ test: (line) => pattern.test(line), resolve });
    });
  return { socket, lines, next, closed, write: (line: string) => socket.write(`${line}\r\n`) };
}

/** A listener on a free loopback port that stores every message, with `bounds` (4 KiB max). */
async function listenStoring(bounds: { connectionsPerIp?: number; sessionMs?: number }) {
  return startSmtpListener(
    { receiveFile: async () => stored },
    {
      port: 0,
      host: "127.0.0.1",
      replyDomain,
      maxBytes: 4096,
      dataDir: await spoolDir(),
      ...bounds,
    },
    pino({ level: "silent" }),
  );
}

describe("the SMTP listener's bounds per client", () => {
  it("refuses a connection beyond INBOUND_SMTP_CONNECTIONS_PER_IP with 421, to that address only", async () => {
    listener = await listenStoring({ connectionsPerIp: 2 });
    const port = listener.port;
    const held = [rawClient(port), rawClient(port)];
    await Promise.all(held.map((client) => client.next(/^220 /)));
    const third = rawClient(port);
    expect(await third.next(/^\d{3} /)).toMatch(/^421 .*too many connections from your address/i);
    await third.closed;
    // Another address is served while the first still holds its two.
    const other = rawClient(port, "127.0.0.2");
    expect(await other.next(/^\d{3} /)).toMatch(/^220 /);
    // One of the first address's closes: its next connection is served again.
    held[0]?.write("QUIT");
    await held[0]?.closed;
    const again = rawClient(port);
    expect(await again.next(/^\d{3} /)).toMatch(/^220 /);
    for (const client of [held[1], other, again]) client?.socket.destroy();
  });

  it("ends a session after INBOUND_SMTP_SESSION_SECONDS with 421, however busy it keeps it (NOOP)", async () => {
    listener = await listenStoring({ sessionMs: 600 });
    const client = rawClient(listener.port);
    await client.next(/^220 /);
    const started = Date.now();
    const noop = setInterval(() => client.write("NOOP"), 100);
    try {
      const ended = await client.next(/^421 /);
      expect(ended).toMatch(/session time limit/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      // The NOOPs were answered until then: the session was busy, not idle.
      expect(client.lines.filter((line) => line.startsWith("250 ")).length).toBeGreaterThan(2);
      await client.closed;
    } finally {
      clearInterval(noop);
    }
  });
});
