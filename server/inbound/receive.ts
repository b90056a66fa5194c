import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { DNSResolver } from "mailauth";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary, isRowDataError } from "../db/errors.ts";
import { submissionOfMessageIds } from "../db/messages.ts";
import {
  type ReceivedMessage,
  receivedMessageStatements,
  submissionExists,
} from "../db/received-messages.ts";
import type { Logger } from "../logger.ts";
import {
  attachmentFileOf,
  rawFileOf,
  removeMessageFiles,
  writeMessageFiles,
} from "../mail/inbound-files.ts";
import { authenticationOf, type SmtpClient } from "./authentication.ts";
import { cachedResolver } from "./dns-cache.ts";
import { matchApplication } from "./match-application.ts";
import { limits, parseMessage } from "./parse-message.ts";
import { storedLine } from "./stored-text.ts";

/** Recipients of one message at most (SMTP refuses the 51st RCPT; HTTP the whole message). */
export const maxRecipients = 50;

/** The envelope: SMTP's MAIL FROM and RCPT TO; over HTTP, none (`to` empty). */
export interface Envelope {
  from?: string;
  to: string[];
}

export type Received =
  /** Stored (or already stored: `duplicate`), matched to an application or unmatched. */
  | { ok: true; id: string; matched: boolean; duplicate: boolean }
  /** Refused, nothing stored: over INBOUND_MAX_BYTES, or more than maxRecipients. */
  | { ok: false; refused: "too_large" | "too_many_recipients" };

export interface ReceiverDeps {
  database: Pick<DatabaseHandle, "db" | "dialect" | "writeTransaction">;
  dataDir: string;
  /** INBOUND_MAX_BYTES. */
  maxBytes: number;
  replySecret: string;
  replyDomain: string;
  /** The domain of the product's own Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
  /** The notice deliveries a matched reply makes (reply_notice_email, …), when configured. */
  noticeKinds: readonly string[];
  /** DNS for SPF, DKIM and DMARC (default: the system's), its answers kept 5 minutes. */
  resolver?: DNSResolver;
  logger: Logger;
  /** Told when notices were made (nudges the delivery worker). */
  onNotices: () => void;
}

export type Receiver = ReturnType<typeof createReceiver>;

/**
 * What both ways in (the SMTP listener, the provider's POST) do with a raw message: bound it,
 * parse it, match it to an application, check its SPF, DKIM and DMARC, write it and its
 * attachments under DATA_DIR/inbound, then store its row, the application's `new_reply` and the
 * owner's notices in ONE transaction. Resolves once all of that is on disk and committed
 * (that is when SMTP says 250); throws when it could not be stored (the database is away: the
 * sender tries again). Nothing the sender wrote is logged: ids and counts only.
 */
export function createReceiver(deps: ReceiverDeps) {
  const { database, dataDir, logger } = deps;
  const mta = hostname();
  const resolver = cachedResolver(deps.resolver);

  async function receive(raw: Buffer, envelope: Envelope, client?: SmtpClient): Promise<Received> {
    if (raw.length > deps.maxBytes) return { ok: false, refused: "too_large" };
    if (envelope.to.length > maxRecipients) return { ok: false, refused: "too_many_recipients" };
    const parsed = await parseMessage(raw);
    if (envelope.to.length === 0 && parsed.recipients.length > maxRecipients) {
      return { ok: false, refused: "too_many_recipients" };
    }
    const [auth, match] = await Promise.all([
      authenticationOf(raw, { client, sender: envelope.from, resolver, mta }),
      matchApplication(
        {
          recipients: envelope.to.length > 0 ? envelope.to : parsed.recipients,
          replyingTo: parsed.replyingTo,
        },
        {
          replySecret: deps.replySecret,
          replyDomain: deps.replyDomain,
          messageIdDomain: deps.messageIdDomain,
          exists: (id) => submissionExists(database.db, id),
          recorded: (ids) => submissionOfMessageIds(database.db, ids),
        },
      ),
    ]);
    const id = randomUUID();
    const attachments = parsed.attachments.map((attachment) => ({
      ...attachment,
      id: randomUUID(),
    }));
    const message: ReceivedMessage = {
      id,
      submissionId: match.submissionId,
      messageId: parsed.messageId,
      inReplyTo: parsed.inReplyTo,
      fromAddress: parsed.from.address || storedLine(envelope.from ?? "", limits.address),
      fromName: parsed.from.name,
      toAddress:
        envelope.to.length > 0 ? storedLine(envelope.to.join(", "), limits.line) : parsed.to,
      subject: parsed.subject,
      body: parsed.body,
      visible: parsed.visible,
      rawFile: rawFileOf(id),
      auth: JSON.stringify(auth),
      createdAt: Date.now(),
      attachments: attachments.map((attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.length,
        file: attachmentFileOf(id, attachment.id),
      })),
    };
    await writeMessageFiles(dataDir, id, raw, attachments);
    let stored: { stored: boolean; notices: number; matched: boolean };
    try {
      stored = await store(message);
    } catch (error) {
      await removeMessageFiles(dataDir, id).catch(() => undefined);
      logger.error({ message: id, err: errorSummary(error) }, "message not stored");
      throw error;
    }
    if (!stored.stored) await removeMessageFiles(dataDir, id);
    if (stored.notices > 0) deps.onNotices();
    logger.info(
      {
        message: stored.stored ? id : undefined,
        submission: stored.matched ? message.submissionId : undefined,
        matched: stored.matched,
        by: stored.matched && "by" in match ? match.by : undefined,
        duplicate: !stored.stored,
        attachments: attachments.length,
        bytes: raw.length,
        spf: auth.spf,
        dkim: auth.dkim,
        dmarc: auth.dmarc,
        notices: stored.notices,
      },
      "message received",
    );
    return { ok: true, id, matched: stored.matched, duplicate: !stored.stored };
  }

  /** The transaction; an application erased meanwhile leaves the message unmatched. */
  async function store(message: ReceivedMessage) {
    const { statements, stored, notices } = receivedMessageStatements(
      database,
      message,
      deps.noticeKinds,
    );
    try {
      const results = await database.writeTransaction(statements);
      return {
        stored: (results[stored]?.affected ?? 0) > 0,
        notices: notices.reduce((sum, index) => sum + (results[index]?.affected ?? 0), 0),
        matched: message.submissionId !== null,
      };
    } catch (error) {
      const erased =
        message.submissionId !== null &&
        isRowDataError(error) &&
        !(await submissionExists(database.db, message.submissionId));
      if (!erased) throw error;
      return store({ ...message, submissionId: null });
    }
  }

  return { receive };
}
