import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import pino from "pino";
import { onTestFinished } from "vitest";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { migratedDatabase, type StorageBackend } from "../test/backends.ts";
import type { Received, ReceiverDeps } from "./receive.ts";

/**
 * A raw message as a mail client sends it (nodemailer's MailComposer): a reply from an
 * applicant by default, `options` on top. For the tests of the inbound feature.
 */
export function rawMessage(options: Mail.Options = {}): Promise<Buffer> {
  return new MailComposer({
    from: "Maya Chen <maya@example.org>",
    subject: "Re: Your application",
    text: "Thanks, Tuesday works for me.\n\nOn Mon, 23 Nov 2026, Reelsmith wrote:\n> When can we talk?\n",
    ...options,
  })
    .compile()
    .build();
}

/** The instance's reply secret and domain in the inbound feature's tests. */
export const testReply = {
  secret: "reply-secret-of-the-instance-0123456789",
  domain: "reply.reelsmith.example",
};

/** A database of `backend` as served (SQLite through its writer thread; `direct` reads). */
export async function servedDatabase(backend: StorageBackend) {
  const { database: direct, dataDir } = await migratedDatabase(backend);
  const database: DatabaseHandle =
    backend.name === "sqlite"
      ? await openMigratedDatabase({ dataDir, writerThread: true })
      : direct;
  if (database !== direct) onTestFinished(() => database.close());
  return { database, direct, dataDir };
}

/**
 * What a test's receiver is made of unless it says otherwise: the test secret and domains, no
 * notice kinds, no DNS (every lookup answers "no such name"), a silent log, nobody told.
 */
export function testReceiverDeps(
  database: DatabaseHandle,
  dataDir: string,
  options: Partial<ReceiverDeps> = {},
): ReceiverDeps {
  return {
    database,
    dataDir,
    maxBytes: 1024 * 1024,
    replySecret: testReply.secret,
    replyDomain: testReply.domain,
    messageIdDomain: "reelsmith.example",
    noticeKinds: [],
    resolver: async () => {
      throw Object.assign(new Error("no such name"), { code: "ENOTFOUND" });
    },
    logger: pino({ level: "silent" }),
    onNotices: () => undefined,
    ...options,
  };
}

/**
 * The receiver's three refusals a listener answers in its own words: a message that can never
 * be parsed, a rate limit (retry in 120 s), and a full quota of `quota`.
 */
export function refusals(quota: "unmatched_stored_bytes" | "application_stored_bytes"): Received[] {
  return [
    { ok: false, refused: "unparseable", reason: "Max allowed child nodes exceeded" },
    {
      ok: false,
      refused: "rate_limited",
      limit: "sender_messages_per_hour",
      retryAfterSeconds: 120,
    },
    { ok: false, refused: "quota_full", limit: quota },
  ];
}
