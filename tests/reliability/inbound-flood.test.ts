import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { addMember } from "../../server/db/members.ts";
import { sharedSecret } from "../../server/db/settings.ts";
import { hasBuild } from "../../server/http/build-files.ts";
import { replyAddress } from "../../server/mail/reply-address.ts";
import { readSignInEmails } from "../../server/test/team.ts";
import { freePort, sleep, waitFor } from "../../server/test/wait.ts";
import { submitAcross } from "./support/applications.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { startInstance } from "./support/instance.ts";
import { rssMb, sampleRssPeak } from "./support/memory.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { openStore } from "./support/store.ts";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const withPages = hasBuild(buildDir);
if (!withPages) {
  const message = `no build in ${buildDir}: the inbound flood needs the team's pages`;
  if (process.env.CI) throw new Error(message);
  console.warn(`\n*** inbound flood: ${message} (run npm run build) ***\n`);
}

/** The flood's size: bounded in count and in time (well under a minute). */
const flood = {
  /** Attackers: each a loop of connections from 127.0.0.2, one message each. */
  attackers: 6,
  messagesEach: 10,
  /** Each message: a reply to the victim's confirmation with an attachment of this size. */
  attachmentBytes: 1024 * 1024,
  /** The applicant's genuine replies sent meanwhile, from 127.0.0.1. */
  genuine: 5,
  /** Then: this many messages at once, each from an address of its own, of this size. */
  parallel: 16,
  parallelBytes: 3 * 1024 * 1024,
  seconds: 60,
} as const;
const replyDomain = "reply.reelsmith.example";
const senderDomain = "applicants.invalid";

/** A message of `bytes` of attachment (base64 lines), as the attacker's script writes it. */
function attack(n: number, victim: string, bytes: number) {
  const line = "A".repeat(76);
  const lines = Math.ceil((bytes * 4) / 3 / 76);
  return [
    `From: Stranger ${n} <stranger${n}@evil.invalid>`,
    `To: anything${n}@${replyDomain}`,
    `Subject: flood ${n}`,
    `Message-ID: <flood-${n}@evil.invalid>`,
    `In-Reply-To: <${victim}.confirmation@reelsmith.example>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="f"',
    "",
    "--f",
    "Content-Type: text/plain",
    "",
    `flood ${n}`,
    "--f",
    'Content-Type: application/octet-stream; name="blob.bin"',
    "Content-Transfer-Encoding: base64",
    "",
    ...Array.from({ length: lines }, () => line),
    "--f--",
    "",
  ].join("\r\n");
}

/** A genuine reply of the applicant, to the tagged reply address. */
function genuine(n: number, to: string, from: string) {
  return [
    `From: Flo Applicant <${from}>`,
    `To: ${to}`,
    `Subject: Re: Your application (${n})`,
    `Message-ID: <genuine-${n}@${senderDomain}>`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Genuine reply ${n}: Tuesday works.`,
    "",
  ].join("\r\n");
}

describe.skipIf(!withPages)("13. an inbound flood against the real SMTP listener", () => {
  const { instances } = stopAfterAll();

  it("one address floods the listener with 1 MB replies to one application: refused by its limits, memory bounded, the page, the export and genuine replies still served", async ({
    task,
  }) => {
    const started = Date.now();
    const smtpPort = await freePort();
    const instance = await startInstance({
      BUILD_DIR: buildDir,
      INBOUND_SMTP_PORT: String(smtpPort),
      REPLY_DOMAIN: replyDomain,
      INBOUND_MAX_BYTES: String(8 * 1024 * 1024),
      MAIL_FROM: "Reelsmith <no-reply@reelsmith.example>",
      TEAM_EMAIL: "team@reelsmith.example",
      INBOUND_SMTP_CONNECTIONS_PER_IP: "4",
      INBOUND_IP_MESSAGES_PER_HOUR: "20",
      INBOUND_APPLICATION_MESSAGES_PER_HOUR: "60",
      INBOUND_PARSE_CONCURRENCY: "2",
    });
    instances.push(instance);
    const store = openStore(instance);
    try {
      const secret = await sharedSecret(store.db, "reply_tag_secret");
      const [victim] = await submitAcross([instance], 1, "flooded");
      const victimId = victim as string;
      const applicant = "flooded0@example.com";
      const tagged = replyAddress(secret, victimId, replyDomain);
      await addMember(store, "maya@team.example");

      // A member signs in (the link emailed as an .eml file).
      const asked = await fetch(`${instance.url}/team/sign-in`, {
        method: "POST",
        headers: {
          Origin: instance.url,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email: "maya@team.example" }),
        redirect: "manual",
      });
      expect(asked.status).toBe(200);
      const [email] = await waitFor(() =>
        readSignInEmails(instance.dataDir).then((all) => all.length && all),
      );
      const token = email?.token ?? "";
      const signedIn = await fetch(`${instance.url}/team/sign-in/link?token=${token}`, {
        method: "POST",
        headers: { Origin: instance.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }),
        redirect: "manual",
      });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      expect(cookie).toMatch(/^team\.session_token=/);
      const teamGet = async (pathname: string) => {
        const began = performance.now();
        const response = await fetch(`${instance.url}${pathname}`, {
          headers: { cookie },
          redirect: "manual",
        });
        const body = await response.text();
        return { status: response.status, ms: Math.round(performance.now() - began), body };
      };

      await sleep(300);
      const rssBefore = await rssMb(instance.pid);
      const peakRss = sampleRssPeak(instance.pid, rssBefore);

      // The flood: each attacker sends its messages one connection each, all from 127.0.0.2.
      const answers = new Map<string, number>();
      const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
      const deadline = started + flood.seconds * 1000;
      const attackers = Array.from({ length: flood.attackers }, async (_, a) => {
        for (let m = 0; m < flood.messagesEach && Date.now() < deadline; m += 1) {
          const n = a * flood.messagesEach + m;
          const transport = nodemailer.createTransport({
            host: "127.0.0.1",
            port: smtpPort,
            secure: false,
            ignoreTLS: true,
            localAddress: "127.0.0.2",
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
          });
          await transport
            .sendMail({
              envelope: { from: `stranger${n}@evil.invalid`, to: [`anything${n}@${replyDomain}`] },
              raw: attack(n, victimId, flood.attachmentBytes),
            })
            .then(
              (info) => count(info.response.slice(0, 3)),
              (error: { responseCode?: number }) => count(String(error.responseCode ?? "error")),
            );
          transport.close();
        }
      });

      // Meanwhile: the applicant's genuine replies from 127.0.0.1, the page and the export.
      const duringFlood = (async () => {
        await sleep(200);
        const genuineAnswers: string[] = [];
        const pages: { status: number; ms: number }[] = [];
        const exports: { status: number; ms: number }[] = [];
        for (let n = 0; n < flood.genuine; n += 1) {
          const transport = nodemailer.createTransport({
            host: "127.0.0.1",
            port: smtpPort,
            secure: false,
            ignoreTLS: true,
          });
          genuineAnswers.push(
            await transport
              .sendMail({
                envelope: { from: applicant, to: [tagged] },
                raw: genuine(n, tagged, applicant),
              })
              .then(
                (info) => info.response.slice(0, 3),
                (error: { responseCode?: number }) => String(error.responseCode ?? "error"),
              ),
          );
          transport.close();
          const page = await teamGet(`/team/applications/${victimId}`);
          pages.push({ status: page.status, ms: page.ms });
          const exported = await teamGet("/team/export?format=json");
          exports.push({ status: exported.status, ms: exported.ms });
        }
        return { genuineAnswers, pages, exports };
      })();

      await Promise.all(attackers);
      const served = await duringFlood;
      const peak = await peakRss.stop();
      const rssAfter = await rssMb(instance.pid);

      // Then 16 messages of 3 MB at once, each from an address of its own (127.0.0.10…25:
      // no per-address limit applies), to Unmatched: what the memory does when they all arrive.
      const parallelBefore = rssAfter;
      const parallelRss = sampleRssPeak(instance.pid, parallelBefore);
      const parallelAnswers = new Map<string, number>();
      const parallelStarted = Date.now();
      await Promise.all(
        Array.from({ length: flood.parallel }, async (_, i) => {
          const n = 10_000 + i;
          const transport = nodemailer.createTransport({
            host: "127.0.0.1",
            port: smtpPort,
            secure: false,
            ignoreTLS: true,
            localAddress: `127.0.0.${10 + i}`,
            socketTimeout: 45_000,
          });
          const raw = attack(n, "00000000-0000-4000-8000-000000000000", flood.parallelBytes);
          const code = await transport
            .sendMail({
              envelope: { from: `parallel${n}@evil.invalid`, to: [`anything${n}@${replyDomain}`] },
              raw,
            })
            .then(
              (info) => info.response.slice(0, 3),
              (error: { responseCode?: number }) => String(error.responseCode ?? "error"),
            );
          parallelAnswers.set(code, (parallelAnswers.get(code) ?? 0) + 1);
          transport.close();
        }),
      );
      const parallelSeconds = (Date.now() - parallelStarted) / 1000;
      const parallelPeak = await parallelRss.stop();

      const rows = await store.db
        .selectFrom("applicationMessages")
        .select(["messageId", "submissionId"])
        .where("direction", "=", "in")
        .execute();
      const genuineStored = rows.filter(
        (row) => /^<genuine-/.test(row.messageId ?? "") && row.submissionId === victimId,
      ).length;
      const floodNumber = (row: { messageId: string | null }) =>
        Number(/^<flood-(\d+)@/.exec(row.messageId ?? "")?.[1] ?? Number.NaN);
      const floodStored = rows.filter((row) => floodNumber(row) < 10_000).length;
      const sent = flood.attackers * flood.messagesEach;
      const refused = [...answers]
        .filter(([code]) => code !== "250")
        .reduce((s, [, n]) => s + n, 0);
      const limitEmails = await waitFor(
        async () => {
          const directory = path.join(instance.dataDir, "mail");
          const subjects: string[] = [];
          // Only finished files: the mailer writes under a temporary name, then renames.
          for (const name of (await readdir(directory)).filter((n) => n.endsWith(".eml"))) {
            const text = await readFile(path.join(directory, name), "utf8");
            const subject = /^Subject: (Mail refused: .*)$/m.exec(text)?.[1];
            if (subject) subjects.push(subject.trim());
          }
          return subjects.length > 0 ? subjects : undefined;
        },
        { what: "the limit's email", timeoutMs: 10_000 },
      ).catch(() => [] as string[]);
      const seconds = (Date.now() - started) / 1000;
      const worst = (list: { status: number; ms: number }[]) =>
        `${formatCounts(
          Object.entries(
            list.reduce<Record<string, number>>((all, { status }) => {
              all[status] = (all[status] ?? 0) + 1;
              return all;
            }, {}),
          ),
        )}, slowest ${Math.max(0, ...list.map((item) => item.ms))} ms`;

      recordFigures(task, {
        order: 13,
        scenario: "inbound flood: 1 MB replies from one address to one application (SQLite)",
        figures: [
          { name: "flood messages sent (each 1 MB of attachment)", value: sent },
          { name: "SMTP answers to the flood", value: formatCounts(answers) },
          { name: "flood messages refused", value: refused, must: `≥ ${sent - 20}` },
          { name: "flood messages stored", value: floodStored, must: "≤ 20" },
          {
            name: "server RSS before → peak → after (MB)",
            value: `${rssBefore} → ${peak} → ${rssAfter}`,
            must: `peak < before + 300`,
          },
          {
            name: "genuine replies: SMTP answers, stored and matched",
            value: `${served.genuineAnswers.join(" ")}, ${genuineStored}`,
            must: `250×${flood.genuine}, ${flood.genuine}`,
          },
          { name: "application page during the flood", value: worst(served.pages) },
          { name: "export (JSON) during the flood", value: worst(served.exports) },
          { name: "team told", value: limitEmails.join("; ") || "nothing", must: "once" },
          {
            name: `then ${flood.parallel} × ${flood.parallelBytes / 1024 / 1024} MB at once, ${flood.parallel} addresses: answers`,
            value: `${formatCounts(parallelAnswers)} in ${parallelSeconds.toFixed(1)} s`,
            must: `250×${flood.parallel}`,
          },
          {
            name: "  server RSS before → peak (MB)",
            value: `${parallelBefore} → ${parallelPeak}`,
            must: "peak < before + 300",
          },
          { name: "seconds", value: Math.round(seconds), must: "< 60" },
        ],
      });
      expect(floodStored).toBeLessThanOrEqual(20);
      expect(refused).toBeGreaterThanOrEqual(sent - 20);
      expect([...answers.keys()].every((code) => ["250", "421", "451"].includes(code))).toBe(true);
      expect(peak - rssBefore).toBeLessThan(300);
      expect(served.genuineAnswers).toEqual(Array(flood.genuine).fill("250"));
      expect(genuineStored).toBe(flood.genuine);
      expect(served.pages.every((page) => page.status === 200)).toBe(true);
      expect(served.exports.every((exported) => exported.status === 200)).toBe(true);
      expect(limitEmails).toEqual(["Mail refused: messages per hour from one mail server"]);
      expect(parallelAnswers.get("250")).toBe(flood.parallel);
      expect(parallelPeak - parallelBefore).toBeLessThan(300);
      expect(seconds).toBeLessThan(60);
    } finally {
      await store.close();
    }
  }, 90_000);
});
