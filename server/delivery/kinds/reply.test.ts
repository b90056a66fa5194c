import { randomUUID } from "node:crypto";
import pino from "pino";
import { expect, it, onTestFinished } from "vitest";
import { eraseStatements } from "../../db/applications/erase.ts";
import { storeApplications } from "../../db/applications/store.ts";
import type { DatabaseHandle } from "../../db/database.ts";
import { onDemandDeliveryInsert } from "../../db/deliveries/on-demand.ts";
import { messageInsert } from "../../db/messages.ts";
import { sharedSecret } from "../../db/settings.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { routedApplication } from "../../mail/reply-address.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { validApplication } from "../../test/fixtures.ts";
import { serverOn } from "../../test/server.ts";
import { smtpSinkForFile } from "../../test/smtp-sink.ts";
import { pendingApplication } from "../../test/stored.ts";
import { waitFor } from "../../test/wait.ts";
import { DeliveryError } from "../error-class.ts";
import { startDeliveryWorker } from "../worker.ts";
import type { DeliveryJob } from "./kind.ts";
import { createKindRegistry } from "./registry.ts";
import { replyEmailKind } from "./reply.ts";

const sink = await smtpSinkForFile();

const mailFrom = "Studio <hello@studio.example>";
const replyDomain = "reply.studio.example";
const subject = "Re: Your Reelsmith application (Influencer plan)";
const body = "Hi Ada,\n\nCould we talk on Tuesday?\n\nBest,\nmaya";

/**
 * A reply as the team's action stores it: its message (ours, with the Message-ID it goes out
 * with) and its delivery of kind reply_email, pending, due now. Returns both ids.
 */
async function storeReply(
  database: DatabaseHandle,
  applicationId: string,
  options: { inReplyTo?: string } = {},
) {
  const id = randomUUID();
  const deliveryId = randomUUID();
  const now = Date.now();
  await database.writeTransaction([
    messageInsert(database.db, {
      id,
      submissionId: applicationId,
      direction: "out",
      messageId: `<${id}.reply@studio.example>`,
      inReplyTo: options.inReplyTo ?? null,
      fromAddress: "hello@studio.example",
      fromName: "maya",
      toAddress: "ada@example.com",
      subject,
      body,
      visible: body,
      rawFile: null,
      auth: null,
      memberEmail: "maya@studio.example",
      deliveryId,
      createdAt: now,
    }),
    onDemandDeliveryInsert(database.db, {
      id: deliveryId,
      applicationId,
      kind: replyEmailKind.name,
      now,
    }),
  ]);
  return { messageId: `<${id}.reply@studio.example>`, deliveryId };
}

describeEachBackend("a reply from the inbox, sent on $name", (backend) => {
  it("goes From the member at the brand, Reply-To the application's address, threaded", async () => {
    const { server, database } = await serverOn(backend, {
      SMTP_URL: sink.url,
      MAIL_FROM: mailFrom,
      REPLY_DOMAIN: replyDomain,
    });
    const answer = await server.submit(
      validApplication({ name: "Ada First", email: "ada@example.com" }),
    );
    const { id } = (await answer.json()) as { id: string };
    const theirs = "<their-answer.1@mail.example>";
    const { messageId, deliveryId } = await storeReply(database, id, { inReplyTo: theirs });

    const sent = await waitFor(
      () => sink.messages.find((message) => message.mail.messageId === messageId),
      { what: "the reply", timeoutMs: 10_000 },
    );
    expect(sent.envelope.to).toEqual(["ada@example.com"]);
    expect(sent.mail.from?.value).toEqual([
      { name: "maya at Reelsmith", address: "hello@studio.example" },
    ]);
    expect(sent.mail.to && !Array.isArray(sent.mail.to) ? sent.mail.to.value : []).toEqual([
      { name: "Ada First", address: "ada@example.com" },
    ]);
    expect(sent.mail.subject).toBe(subject);
    // Reply-To: the application's own address, whose tag only this database's secret makes.
    const replyTo = sent.mail.replyTo?.value[0]?.address ?? "";
    expect(replyTo).toMatch(new RegExp(`^reply\\+${id}\\.[a-z0-9]{16}@reply\\.studio\\.example$`));
    const secret = await sharedSecret(database.db, "reply_tag_secret");
    expect(routedApplication(secret, replyTo, replyDomain)).toBe(id);
    // Threaded under their message.
    expect(sent.mail.inReplyTo).toBe(theirs);
    expect(sent.mail.references).toBe(theirs);
    // Plain text as the member wrote it, no HTML part.
    expect(sent.mail.html).toBe(false);
    expect(sent.raw).not.toMatch(/text\/html/i);
    expect(sent.mail.text?.trimEnd()).toBe(body);

    await waitFor(async () => {
      const row = await database.db
        .selectFrom("deliveries")
        .select("status")
        .where("id", "=", deliveryId)
        .executeTakeFirst();
      return row?.status === "done";
    });
  });

  it("starts a thread when it answers nothing: no In-Reply-To, no References", async () => {
    const { server, database } = await serverOn(backend, { SMTP_URL: sink.url });
    const answer = await server.submit(validApplication({ email: "ada@example.com" }));
    const { id } = (await answer.json()) as { id: string };
    const { messageId } = await storeReply(database, id);
    const sent = await waitFor(
      () => sink.messages.find((message) => message.mail.messageId === messageId),
      { what: "the reply", timeoutMs: 10_000 },
    );
    expect(sent.raw).not.toMatch(/^In-Reply-To:/im);
    expect(sent.raw).not.toMatch(/^References:/im);
    // REPLY_DOMAIN unset: the domain of MAIL_FROM.
    expect(sent.mail.replyTo?.value[0]?.address).toMatch(
      new RegExp(`^reply\\+${id}\\.[a-z0-9]{16}@reelsmith\\.example$`),
    );
  });
});

describeEachBackend("a reply whose application was erased, on $name", (backend) => {
  it("fails for good and is never sent", async () => {
    const { database } = await migratedDatabase(backend);
    const stored = pendingApplication({ deliveries: [] });
    await storeApplications(database.db, [stored]);
    const { deliveryId } = await storeReply(database, stored.row.id);
    const sent: unknown[] = [];
    const mailer: Mailer = {
      send: async (message) => {
        sent.push(message);
      },
      close() {},
    };
    const outcomes: string[] = [];
    // The applicant is erased after the worker claimed the reply and read its application
    // (here: when it asks whether to skip it), before the reply is sent.
    const kinds = createKindRegistry([
      {
        ...replyEmailKind,
        skipReason: async () => {
          await database.writeTransaction(
            eraseStatements(database.db, stored.row.email, "no-count"),
          );
          return undefined;
        },
      },
    ]);
    const worker = startDeliveryWorker({
      database,
      config: {
        DELIVERY_POLL_MS: 50,
        DELIVERY_LEASE_MS: 60_000,
        DELIVERY_RETRY_DELAYS: [1],
        MAIL_FROM: mailFrom,
        TEAM_EMAIL: "team@studio.example",
        CONTACT_EMAIL: "hello@studio.example",
        WEBHOOK_URL: undefined,
        WEBHOOK_SECRET: undefined,
      },
      logger: pino({ level: "silent" }),
      mailer,
      kinds,
      onAttempt: (kind, outcome) => outcomes.push(`${kind} ${outcome}`),
    });
    onTestFinished(() => worker.stop());
    await waitFor(() => outcomes.length > 0);
    // Failed for good at once (not "retry"), and nothing went out.
    expect(outcomes).toEqual(["reply_email failed"]);
    expect(sent).toEqual([]);
    const left = await database.db
      .selectFrom("deliveries")
      .select("id")
      .where("id", "=", deliveryId)
      .execute();
    expect(left).toEqual([]);

    // The kind itself, asked to send a reply whose message is gone: a permanent failure.
    const job = {
      delivery: { id: deliveryId, kind: "reply_email" },
      application: stored.row,
    } as unknown as DeliveryJob;
    const attempt = replyEmailKind.send(job, {
      config: { MAIL_FROM: mailFrom } as never,
      mailer,
      database,
    });
    await expect(attempt).rejects.toBeInstanceOf(DeliveryError);
    await expect(attempt).rejects.toMatchObject({
      errorClass: "submission_missing",
      permanent: true,
    });
    expect(sent).toEqual([]);
  });
});
