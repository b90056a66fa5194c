import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { sharedSecret } from "../../server/db/settings.ts";
import { smtpConversation } from "../../server/inbound/smtp-conversation.ts";
import { taggedMessageId } from "../../server/mail/product-message-ids.ts";
import { replyAddress } from "../../server/mail/reply-address.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import { freePort, waitFor } from "../../server/test/wait.ts";
import { submitAcross } from "./support/applications.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { deliveryStatuses, openStore } from "./support/store.ts";

/** The scenario's size: bounded in count and in time (the whole of it well under 2 minutes). */
const scenario = {
  applications: 200,
  messages: 2_000,
  sessions: 20,
  /** Messages sent a second time (to the other instance), as a provider retrying. */
  retried: 100,
  maxBytes: 256 * 1024,
} as const;
const replyDomain = "reply.reelsmith.example";
const token = "reliability-inbound-token-0123456789";
/** Senders at a domain that never resolves: SPF and DMARC lookups fail fast, offline. */
const senderDomain = "applicants.invalid";

/** The address of the applicant of application i (the replies of n come from n % 200's). */
const applicantOf = (i: number) => `applicant${i % scenario.applications}@${senderDomain}`;

/** A reply as a mail client writes it; `inReplyTo` names the message it answers. */
function reply(n: number, to: string, inReplyTo?: string) {
  return [
    `From: Applicant ${n} <${applicantOf(n)}>`,
    `To: ${to}`,
    `Subject: Re: Your application (${n})`,
    `Message-ID: <rel-${n}@${senderDomain}>`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    `Date: ${new Date().toUTCString()}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Reply number ${n}: Tuesday works.`,
    "",
    "On Monday, Reelsmith wrote:",
    "> When can we talk?",
    "",
  ].join("\r\n");
}

describe.skipIf(!postgresAvailable())("replies coming back to two instances (PostgreSQL)", () => {
  const { instances, keep, freshDatabase } = stopAfterAll();

  it("2,000 replies over 20 SMTP sessions across both listeners: each stored once and matched, one notice per application; hostile mail refused without a 5xx", async ({
    task,
  }) => {
    const started = Date.now();
    const database = await freshDatabase();
    const ports = [await freePort(), await freePort()];
    const running = await Promise.all(
      ports.map((port) =>
        startInstance({
          DATABASE_URL: database.url,
          INBOUND_SMTP_PORT: String(port),
          REPLY_DOMAIN: replyDomain,
          INBOUND_TOKEN: token,
          INBOUND_MAX_BYTES: String(scenario.maxBytes),
          MAIL_FROM: "Reelsmith <no-reply@reelsmith.example>",
          TEAM_EMAIL: "team@reelsmith.example",
          CONFIRMATIONS_PER_HOUR: "1000000",
          // One address sends it all, as a provider's MX would (docs/replies.md, "Limits").
          INBOUND_SMTP_CONNECTIONS_PER_IP: String(scenario.sessions + 5),
          INBOUND_IP_MESSAGES_PER_HOUR: "0",
          INBOUND_IP_MESSAGES_PER_DAY: "0",
        }),
      ),
    );
    instances.push(...running);
    const handle = keep(openStore(running[0] as Instance), (store) => store.close());
    const secret = await sharedSecret(handle.db, "reply_tag_secret");

    // The applications, first, through the intake API of either instance.
    const applications = await submitAcross(
      instances,
      scenario.applications,
      "inbound",
      applicantOf,
    );

    // Message n answers application n % 200: even ones by its tagged reply address, odd ones
    // to a plain address of the reply domain, in reply to the application's confirmation (its
    // Message-ID tagged under the instance's secret: the proof, decision 0063).
    const messages = Array.from({ length: scenario.messages }, (_, n) => {
      const application = applications[n % scenario.applications] as string;
      const byTag = n % 2 === 0;
      const to = byTag ? replyAddress(secret, application, replyDomain) : `hello@${replyDomain}`;
      const inReplyTo = byTag
        ? undefined
        : taggedMessageId(secret, application, "confirmation", "reelsmith.example");
      return { n, application, to, raw: reply(n, to, inReplyTo) };
    });
    const transports = Array.from({ length: scenario.sessions }, (_, session) =>
      nodemailer.createTransport({
        host: "127.0.0.1",
        port: ports[session % 2],
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 1,
        maxMessages: Number.POSITIVE_INFINITY,
      }),
    );
    const answers = new Map<string, number>();
    const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
    const send = async (session: number, message: (typeof messages)[number]) => {
      try {
        const info = await transports[session]?.sendMail({
          envelope: { from: applicantOf(message.n), to: [message.to] },
          raw: message.raw,
        });
        count(info?.response.slice(0, 3) ?? "none");
      } catch (error) {
        count(String((error as { responseCode?: number }).responseCode ?? "error"));
      }
    };
    const loadStarted = Date.now();
    await Promise.all(
      transports.map(async (_, session) => {
        for (let n = session; n < messages.length; n += scenario.sessions) {
          await send(session, messages[n] as (typeof messages)[number]);
        }
      }),
    );
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    // A provider retrying: the first 100 again, each to the other listener than before.
    await Promise.all(
      transports.map(async (_, session) => {
        for (let n = session; n < scenario.retried; n += scenario.sessions) {
          await send((session + 1) % scenario.sessions, messages[n] as (typeof messages)[number]);
        }
      }),
    );
    for (const transport of transports) transport.close();
    // Hostile mail, by SMTP and by HTTP, at both instances.
    const hostile = new Map<string, number>();
    const saw = (key: string) => hostile.set(key, (hostile.get(key) ?? 0) + 1);
    const forged = replyAddress(
      "a-forged-secret-0123456789-abcdef",
      applications[0] as string,
      replyDomain,
    );
    // Over INBOUND_MAX_BYTES: a reply followed by lines of 76 characters.
    const big = `${reply(99_999, forged)}${`${"x".repeat(76)}\r\n`.repeat(Math.ceil((scenario.maxBytes + 10_000) / 78))}`;
    for (const [index, port] of ports.entries()) {
      const relay = await smtpConversation(
        port,
        [
          "EHLO evil.example",
          `MAIL FROM:<x@${senderDomain}>`,
          "RCPT TO:<victim@gmail.example>",
          "QUIT",
        ],
        5,
      );
      saw(`smtp relay ${relay.codes[3]}`);
      const crowd = Array.from({ length: 60 }, (_, i) => `RCPT TO:<crowd${i}@${replyDomain}>`);
      const many = await smtpConversation(
        port,
        ["EHLO evil.example", `MAIL FROM:<x@${senderDomain}>`, ...crowd, "RSET", "QUIT"],
        65,
      );
      for (const code of many.codes.slice(3, 63)) saw(`smtp recipient ${code}`);
      const oversize = await smtpConversation(
        port,
        [
          "EHLO evil.example",
          `MAIL FROM:<x@${senderDomain}>`,
          `RCPT TO:<${forged}>`,
          "DATA",
          `${big.replace(/\r\n\./g, "\r\n..")}\r\n.`,
          "QUIT",
        ],
        7,
      );
      saw(`smtp oversize ${oversize.codes[5]}`);
      const transport = nodemailer.createTransport({
        host: "127.0.0.1",
        port,
        secure: false,
        ignoreTLS: true,
      });
      const info = await transport
        .sendMail({
          envelope: { from: `x@${senderDomain}`, to: [forged] },
          raw: reply(90_000 + index, forged),
        })
        .then(
          (sent) => sent.response.slice(0, 3),
          (error) => String(error.responseCode),
        );
      saw(`smtp forged tag ${info}`);
      const url = `${instances[index]?.url}/team/inbound-email`;
      const post = (body: string, headers: Record<string, string> = {}) =>
        fetch(url, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${token}`,
            "Content-Type": "message/rfc822",
            ...headers,
          },
          body,
        }).then((response) => response.status);
      saw(
        `http bad token ${await post(reply(91_000 + index, forged), { Authorization: "Bearer nope-nope-nope-nope-nope-nope" })}`,
      );
      saw(`http oversize ${await post(big)}`);
      const everyone = Array.from({ length: 10_000 }, (_, i) => `p${i}@${senderDomain}`).join(", ");
      saw(`http 10,000 recipients ${await post(reply(92_000 + index, everyone))}`);
      saw(`http forged tag ${await post(reply(93_000 + index, forged))}`);
    }
    // What was stored: each reply once, with its application; one notice per application.
    const rows = await handle.db
      .selectFrom("applicationMessages")
      .select(["messageId", "submissionId"])
      .where("direction", "=", "in")
      .execute();
    const expected = new Map(
      messages.map((message) => [`<rel-${message.n}@${senderDomain}>`, message.application]),
    );
    const load = rows.filter((row) => expected.has(row.messageId ?? ""));
    const byMessageId = new Map<string, number>();
    for (const row of load)
      byMessageId.set(row.messageId ?? "", (byMessageId.get(row.messageId ?? "") ?? 0) + 1);
    const duplicates = [...byMessageId.values()].filter((n) => n > 1).length;
    const mismatched = load.filter(
      (row) => expected.get(row.messageId ?? "") !== row.submissionId,
    ).length;
    const missing = [...expected.keys()].filter((id) => !byMessageId.has(id)).length;
    const unmatchedHostile = rows.filter((row) => row.submissionId === null).length;
    const oversizeStored = rows.filter(
      (row) => row.messageId === `<rel-99999@${senderDomain}>`,
    ).length;
    const crowdStored = rows.filter((row) => /^<rel-92\d{3}@/.test(row.messageId ?? "")).length;
    const notices = await handle.db
      .selectFrom("deliveries")
      .select(["submissionId", "status"])
      .where("kind", "=", "reply_notice_email")
      .execute();
    const noticesPerApplication = new Map<string, number>();
    for (const notice of notices) {
      noticesPerApplication.set(
        notice.submissionId,
        (noticesPerApplication.get(notice.submissionId) ?? 0) + 1,
      );
    }
    const noticesWith = async (status: string) =>
      (await deliveryStatuses(handle, "reply_notice_email"))[status] ?? 0;
    await waitFor(async () => (await noticesWith("pending")) === 0, {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: "every notice sent",
    }).catch(() => undefined);
    const sentNotices = await noticesWith("done");
    const newReplies = (
      await handle.db.selectFrom("submissions").select("id").where("newReply", "=", 1).execute()
    ).length;
    const fiveHundreds = [...hostile].filter(
      ([key]) => / 5\d\d$/.test(key) && key.startsWith("http"),
    );
    const unexpectedSmtp = [...hostile].filter(
      ([key]) =>
        key.startsWith("smtp") &&
        !/^smtp relay 550$|^smtp recipient (250|452)$|^smtp oversize 552$|^smtp forged tag 250$/.test(
          key,
        ),
    );
    const seconds = (Date.now() - started) / 1000;

    recordFigures(task, {
      order: 12,
      scenario: "replies by SMTP to 2 instances, 20 sessions, hostile mail (PostgreSQL)",
      figures: [
        {
          name: "messages (applications, sessions)",
          value: `${scenario.messages} (${scenario.applications}, ${scenario.sessions})`,
        },
        {
          name: "SMTP answers, load and retries",
          value: formatCounts(answers),
          must: `250×${scenario.messages + scenario.retried}`,
        },
        { name: "load: messages/s", value: Math.round(scenario.messages / loadSeconds) },
        {
          name: "stored (missing, duplicates)",
          value: `${load.length} (${missing}, ${duplicates})`,
          must: `${scenario.messages} (0, 0)`,
        },
        { name: "matched to the wrong application or none", value: mismatched, must: "= 0" },
        {
          name: "new-reply notices (per application), sent",
          value: `${notices.length} (max ${Math.max(0, ...noticesPerApplication.values())}), ${sentNotices}`,
          must: `${scenario.applications} (max 1)`,
        },
        { name: "hostile answers", value: formatCounts(hostile, ", ") },
        {
          name: "HTTP 5xx / unexpected SMTP answers",
          value: `${fiveHundreds.length} / ${unexpectedSmtp.length}`,
          must: "0 / 0",
        },
        {
          name: "hostile stored: unmatched, oversize, 10,000 recipients",
          value: `${unmatchedHostile}, ${oversizeStored}, ${crowdStored}`,
          must: "4, 0, 0",
        },
        { name: "seconds", value: Math.round(seconds), must: "< 120" },
      ],
    });

    expect(answers).toEqual(new Map([["250", scenario.messages + scenario.retried]]));
    expect({ stored: load.length, missing, duplicates, mismatched }).toEqual({
      stored: scenario.messages,
      missing: 0,
      duplicates: 0,
      mismatched: 0,
    });
    expect(newReplies).toBe(scenario.applications);
    expect(notices).toHaveLength(scenario.applications);
    expect(Math.max(...noticesPerApplication.values())).toBe(1);
    expect(fiveHundreds).toEqual([]);
    expect(unexpectedSmtp).toEqual([]);
    expect(hostile.get("smtp recipient 452")).toBe(20);
    expect(hostile.get("http oversize 413")).toBe(2);
    expect(hostile.get("http bad token 401")).toBe(2);
    expect(hostile.get("http 10,000 recipients 400")).toBe(2);
    expect({ unmatchedHostile, oversizeStored, crowdStored }).toEqual({
      unmatchedHostile: 4,
      oversizeStored: 0,
      crowdStored: 0,
    });
    expect(seconds).toBeLessThan(120);
  });
});
