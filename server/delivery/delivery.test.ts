import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { emails } from "#app/content/emails.ts";
import { service } from "#app/content/service.ts";
import { labelledAnswers } from "../answers/labelled-answers.ts";
import { storeApplications } from "../db/applications/store.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { sharedSecret } from "../db/settings.ts";
import { describeEachBackend, type StorageBackend } from "../test/backends.ts";
import { validApplication } from "../test/fixtures.ts";
import { serverOn, startTestServer } from "../test/server.ts";
import { type SmtpSink, smtpSinkForFile, startSmtpSink } from "../test/smtp-sink.ts";
import { pendingApplication, sentOnArrival } from "../test/stored.ts";
import { freePort, waitFor } from "../test/wait.ts";
import { startWebhookReceiver } from "../test/webhook-receiver.ts";
import { messageId } from "./messages.ts";

const sink = await smtpSinkForFile();

const teamEmail = "team@studio.example";
const mailFrom = "Reelsmith <no-reply@studio.example>";
const contactEmail = "hello@studio.example";
const mailEnv = { TEAM_EMAIL: teamEmail, MAIL_FROM: mailFrom, CONTACT_EMAIL: contactEmail };

/** React's escaping of text in HTML. */
const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

/** A server on this backend with the mail settings above (see `serverOn`). */
const mailServerOn = (backend: StorageBackend, env: Record<string, string>) =>
  serverOn(backend, { ...mailEnv, ...env });

async function submit(server: { submit: (body: unknown) => Promise<Response> }, body: unknown) {
  const response = await server.submit(body);
  const answer = (await response.json()) as { ok: boolean; id: string };
  expect(response.status).toBe(200);
  return answer.id;
}

/** The deliveries one application sends on arrival, as stored now (not the promise's, later). */
const deliveriesOf = async (database: DatabaseHandle, id: string) =>
  sentOnArrival(
    await database.db.selectFrom("deliveries").selectAll().where("submissionId", "=", id).execute(),
  );

const messagesOf = (sink: SmtpSink, id: string) =>
  sink.messages.filter((message) => message.mail.messageId?.includes(id));

describeEachBackend("deliveries on $name", (backend) => {
  it("sends the team notification and the applicant's confirmation", async () => {
    const { server, database } = await mailServerOn(backend, { SMTP_URL: sink.url });
    const id = await submit(server, validApplication());
    const received = await waitFor(() => messagesOf(sink, id).length === 2 && messagesOf(sink, id));
    const team = received.find((message) => message.envelope.to.includes(teamEmail));
    const confirmation = received.find((message) =>
      message.envelope.to.includes("maya@example.com"),
    );
    if (!team || !confirmation) throw new Error("missing a message");

    expect(team.envelope.to).toEqual([teamEmail]);
    expect(team.mail.subject).toBe("New application: Maya Lopez — Influencer plan");
    expect(team.mail.from?.value).toEqual([
      { name: "Reelsmith", address: "no-reply@studio.example" },
    ]);
    expect(team.mail.replyTo?.value).toEqual([{ name: "Maya Lopez", address: "maya@example.com" }]);
    // Tagged under the instance's secret: the proof a reply to it carries (decision 0063).
    const secret = await sharedSecret(database.db, "reply_tag_secret");
    const from = "no-reply@studio.example";
    expect(team.mail.messageId).toBe(messageId(id, "team", from, secret));
    expect(team.mail.messageId).toMatch(
      new RegExp(`^<${id}\\.[a-z0-9]{16}\\.team@studio\\.example>$`),
    );
    const row = await database.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    for (const answer of labelledAnswers(row)) {
      expect(team.mail.text).toContain(answer.label);
      expect(team.mail.text).toContain(answer.value);
      expect(team.mail.html).toContain(escapeHtml(answer.label));
      expect(team.mail.html).toContain(escapeHtml(answer.value));
    }
    // Options appear under their labels, as the form shows them.
    for (const label of ["Content Creator", "TikTok", "10k-50k followers", "Full Name"]) {
      expect(team.mail.text).toContain(label);
    }

    expect(confirmation.envelope.to).toEqual(["maya@example.com"]);
    expect(confirmation.mail.to).toMatchObject({
      value: [{ name: "Maya Lopez", address: "maya@example.com" }],
    });
    expect(confirmation.mail.messageId).toBe(messageId(id, "confirmation", from, secret));
    expect(confirmation.mail.subject).toContain("Influencer");
    const text = confirmation.mail.text ?? "";
    const html = String(confirmation.mail.html);
    for (const phrase of [
      "Thank you, Maya Lopez!",
      "Influencer plan",
      "we'll reach out within 24 hours",
      contactEmail,
    ]) {
      expect(text).toContain(phrase);
      expect(html).toContain(escapeHtml(phrase));
    }
    expect(html).toContain(`href="mailto:${contactEmail}"`);

    const deliveries = await waitFor(async () => {
      const rows = await deliveriesOf(database, id);
      return rows.every((delivery) => delivery.status === "done") && rows;
    });
    expect(deliveries.map((delivery) => [delivery.kind, delivery.attempts]).sort()).toEqual([
      ["applicant_confirmation", 1],
      ["team_notification", 1],
    ]);
    await server.stop(); // the deliveries in hand are finished: a second copy would be out
    expect(messagesOf(sink, id)).toHaveLength(2); // sent once, not again
  });

  it("escapes HTML and header injection attempts", async () => {
    const { server } = await mailServerOn(backend, { SMTP_URL: sink.url });
    const attack = {
      name: 'Eve "x" <evil@example.com>\r\nBcc: victim@example.com',
      accountHandle: '@eve"><b>bold</b>',
      goals: '<script>alert("x")</script><img src=x onerror=alert(1)>',
      currentChallenges: "Line one\r\nSubject: spoofed\nLine three & more",
      email: "eve@example.com",
    };
    const id = await submit(server, validApplication(attack));
    const received = await waitFor(() => messagesOf(sink, id).length === 2 && messagesOf(sink, id));
    const team = received.find((message) => message.envelope.to.includes(teamEmail));
    const confirmation = received.find((message) => message !== team);
    if (!team || !confirmation) throw new Error("missing a message");

    // No header injection: nobody else receives it, no Bcc or second Subject header.
    expect(team.envelope.to).toEqual([teamEmail]);
    expect(confirmation.envelope.to).toEqual(["eve@example.com"]);
    for (const message of received) {
      const headerBlock = message.raw.split(/\r?\n\r?\n/)[0] ?? "";
      expect(headerBlock).not.toMatch(/^bcc:/im);
      expect(headerBlock.match(/^subject:/gim)).toHaveLength(1);
      expect(message.mail.bcc).toBeUndefined();
    }
    expect(team.mail.subject).toBe(
      'New application: Eve "x" <evil@example.com> Bcc: victim@example.com — Influencer plan',
    );
    expect(team.mail.replyTo?.value).toEqual([
      { name: 'Eve "x" <evil@example.com> Bcc: victim@example.com', address: "eve@example.com" },
    ]);

    // No HTML injection: the markup arrives as text.
    const html = String(team.mail.html);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain(escapeHtml('<script>alert("x")</script>'));
    expect(html).toContain(escapeHtml('@eve"><b>bold</b>'));
    expect(html).toContain("Line one<br/>Subject: spoofed<br/>Line three &amp; more");
    expect(team.mail.text).toContain('<script>alert("x")</script>');
    expect(confirmation.mail.text).toContain(
      'Thank you, Eve "x" <evil@example.com> Bcc: victim@example.com!',
    );
    // The display name never becomes an address of its own.
    expect(confirmation.mail.to).toMatchObject({
      value: [{ address: "eve@example.com" }],
    });
  });

  it("keeps the application when SMTP refuses, and delivers once SMTP is back", async () => {
    const port = await freePort(); // nothing listens there yet: connections are refused
    const { server, database } = await mailServerOn(backend, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DELIVERY_RETRY_DELAYS: "0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.3",
    });
    const id = await submit(server, validApplication());
    const failing = await waitFor(async () => {
      const rows = await deliveriesOf(database, id);
      return rows.every((delivery) => delivery.attempts >= 2) && rows;
    });
    for (const delivery of failing) {
      expect(delivery.status).toBe("pending");
      expect(delivery.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    const late = await startSmtpSink(port);
    onTestFinished(() => late.stop());
    await waitFor(() => messagesOf(late, id).length === 2, { what: "both emails" });
    const done = await waitFor(async () => {
      const rows = await deliveriesOf(database, id);
      return rows.every((delivery) => delivery.status === "done") && rows;
    });
    expect(done.every((delivery) => delivery.lastError === null)).toBe(true);
    await server.stop(); // the deliveries in hand are finished: a second copy would be out
    expect(messagesOf(late, id)).toHaveLength(2);
  });

  it("posts the application to the webhook, signed, retrying a non-2xx answer", async () => {
    const receiver = await startWebhookReceiver([500, 200]);
    onTestFinished(() => receiver.stop());
    const { server, database } = await mailServerOn(backend, {
      SMTP_URL: sink.url,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
    });
    const id = await submit(server, validApplication());
    await waitFor(() => receiver.received.length >= 2, { what: "the retried webhook" });
    const [first, second] = receiver.received;
    for (const hook of receiver.received) {
      // Verified by the standardwebhooks library, as a receiver does (id, time, signature).
      expect(hook.verificationError).toBeUndefined();
      expect(hook.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      expect(hook.headers["content-type"]).toBe("application/json");
      expect(hook.verified).toMatchObject({
        type: "submission.created",
        data: { id, ...validApplication() },
      });
    }
    // A retry is the same message (same webhook-id, for receivers to drop repeats).
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    const webhook = await waitFor(async () => {
      const row = (await deliveriesOf(database, id)).find(
        (delivery) => delivery.kind === "webhook",
      );
      return row?.status === "done" && row;
    });
    expect(webhook.attempts).toBe(2);
    await server.stop(); // the deliveries in hand are finished: a second copy would be out
    expect(receiver.received).toHaveLength(2);
  });

  it("marks a delivery failed after the last retry", async () => {
    const receiver = await startWebhookReceiver([503]);
    onTestFinished(() => receiver.stop());
    const { server, database } = await mailServerOn(backend, {
      SMTP_URL: sink.url,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
      DELIVERY_RETRY_DELAYS: "0.1,0.1",
    });
    const id = await submit(server, validApplication());
    const failed = await waitFor(async () => {
      const row = (await deliveriesOf(database, id)).find(
        (delivery) => delivery.kind === "webhook",
      );
      return row?.status === "failed" && row;
    });
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toBe("webhook answered 503");
    // The application itself is kept, and the emails went out.
    await waitFor(() => messagesOf(sink, id).length === 2);
    await server.stop(); // the deliveries in hand are finished: a second copy would be out
    expect(receiver.received).toHaveLength(3);
  });

  it("reclaims a delivery whose lease expired (an instance crashed holding it)", async () => {
    const setup = await backend.setup();
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-test-"));
    const config = { DATABASE_URL: setup.env.DATABASE_URL, dataDir };
    const before = await openMigratedDatabase(config);
    const [stored] = await storeApplications(before.db, [
      pendingApplication({ deliveries: ["team_notification"] }),
    ]);
    const id = stored?.id ?? "";
    const leaseExpiresAt = Date.now() + 2500;
    await before.db
      .updateTable("deliveries")
      .set({ leaseOwner: "crashed-instance", leaseExpiresAt })
      .where("submissionId", "=", id)
      .execute();
    await before.close();

    const server = await startTestServer({
      ...mailEnv,
      ...setup.env,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
    });
    onTestFinished(async () => {
      await server.stop();
      await setup.cleanup();
    });
    const [received] = await waitFor(
      () => messagesOf(sink, id).length === 1 && messagesOf(sink, id),
      {
        what: "the reclaimed email",
      },
    );
    // Hands off while the lease was live; taken over once it had expired.
    expect(received?.receivedAt).toBeGreaterThanOrEqual(leaseExpiresAt);
    expect(messagesOf(sink, id)[0]?.envelope.to).toEqual([teamEmail]);
  });

  it("finishes the delivery in hand when stopping, and hands the rest back", async () => {
    const slow = await startSmtpSink(0, { delayMs: 800 });
    onTestFinished(() => slow.stop());
    const setup = await backend.setup();
    onTestFinished(() => setup.cleanup());
    const env = { ...mailEnv, ...setup.env, SMTP_URL: slow.url };
    const server = await startTestServer(env);
    const id = await submit(server, validApplication());
    await waitFor(() => slow.started() >= 1, { what: "a delivery in progress" });
    await server.stop();
    const database = server.openDatabase();
    onTestFinished(() => database.close());
    const rows = await database.db
      .selectFrom("deliveries")
      .select(["status", "leaseOwner", "leaseExpiresAt"])
      .where("submissionId", "=", id)
      .execute();
    const done = rows.filter((row) => row.status === "done");
    // What was in hand when stop() came was sent and recorded, not cut off.
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(messagesOf(slow, id)).toHaveLength(done.length);
    // The rest is free for the next start at once (no lease to wait out).
    for (const row of rows.filter((row) => row.status !== "done")) {
      expect(row).toEqual({ status: "pending", leaseOwner: null, leaseExpiresAt: null });
    }
    const next = await startTestServer({ ...env, DATA_DIR: server.dataDir });
    onTestFinished(() => next.stop());
    await waitFor(() => messagesOf(slow, id).length === 2, { what: "the rest after restart" });
    await next.stop(); // the deliveries in hand are finished: a second copy would be out
    expect(messagesOf(slow, id)).toHaveLength(2);
  });
});

it("the confirmation copy promises an answer within the site's response time", () => {
  expect(emails.confirmation.next).toContain(`within ${service.responsePromiseHours} hours`);
});
