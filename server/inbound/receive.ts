import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { DNSResolver } from "mailauth";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary, isRowDataError } from "../db/errors.ts";
import {
  applicantAddress,
  applicationOfSentMessage,
  isSentMessageId,
} from "../db/message-flags.ts";
import {
  applicationExists,
  type ReceivedMessage,
  receivedMessageStatements,
} from "../db/received-messages.ts";
import type { MessageFlag } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import {
  attachmentFileOf,
  moveRawMessage,
  rawFileOf,
  removeMessageFiles,
  writeAttachmentFile,
} from "../mail/inbound-files.ts";
import { isOwnMessageId } from "../mail/product-message-ids.ts";
import { authenticationOf, type SmtpClient } from "./authentication.ts";
import { automaticBySender } from "./automatic-mail.ts";
import { cachedResolver } from "./dns-cache.ts";
import type { Admission, LimitFacts, LimitName } from "./limits.ts";
import { type Match, matchApplication } from "./match-application.ts";
import { limits, type ParsedMessage, parseMessage, Unparseable } from "./parse-message.ts";
import { removeSpooled, type Spooled, spoolMessage } from "./spool.ts";
import { storedLine } from "./stored-text.ts";

/** Recipients of one message at most (SMTP refuses the 51st RCPT; HTTP the whole message). */
export const maxRecipients = 50;

/** The envelope: SMTP's MAIL FROM and RCPT TO; over HTTP, none (`to` empty). */
export interface Envelope {
  from?: string;
  to: string[];
}

export type Received =
  /**
   * Stored (or not stored again: `duplicate`, already stored or one of our own messages come
   * back), matched to an application or unmatched.
   */
  | { ok: true; id: string; matched: boolean; duplicate: boolean }
  /** Refused, nothing stored: over INBOUND_MAX_BYTES, or more than maxRecipients. */
  | { ok: false; refused: "too_large" | "too_many_recipients" }
  /** Refused for good, nothing stored: it can never be parsed (`reason`: mailparser's words). */
  | { ok: false; refused: "unparseable"; reason: string }
  /** Refused for now: over a rate (docs/replies.md, "Limits"); taken again later. */
  | { ok: false; refused: "rate_limited"; limit: LimitName; retryAfterSeconds: number }
  /** Refused: the stored bytes of its application (or of Unmatched) are at their limit. */
  | { ok: false; refused: "quota_full"; limit: LimitName };

export interface ReceiverDeps {
  database: Pick<DatabaseHandle, "db" | "dialect" | "writeTransaction">;
  dataDir: string;
  /** INBOUND_MAX_BYTES. */
  maxBytes: number;
  replySecret: string;
  replyDomain: string;
  /** The domain of the product's own Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
  /** Our own addresses (MAIL_FROM's, TEAM_EMAIL's): mail from them is never the applicant's. */
  ownAddresses?: readonly string[];
  /**
   * INBOUND_AUTHSERV_ID: over HTTP, the provider's own Authentication-Results header (the
   * topmost of that authserv-id) is believed for SPF and DMARC; unset, they are "none".
   */
  authservId?: string;
  /** The notice deliveries a matched reply makes (reply_notice_email, …), when configured. */
  noticeKinds: readonly string[];
  /** DNS for SPF, DKIM and DMARC (default: the system's), its answers kept 5 minutes. */
  resolver?: DNSResolver;
  logger: Logger;
  /** Told when notices were made (nudges the delivery worker). */
  onNotices: () => void;
  /** The limits (rates, stored bytes) a parsed and matched message must pass; none: all pass. */
  admit?: (facts: LimitFacts) => Promise<Admission>;
  /** Messages parsed at once by `receiveFile` (INBOUND_PARSE_CONCURRENCY); 2 by default. */
  parseConcurrency?: number;
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
  const ownAddresses = new Set(
    (deps.ownAddresses ?? []).map((address) => address.trim().toLowerCase()),
  );

  /** `receive` for a message in memory (tests): spooled to disk, then as `receiveFile`. */
  async function receive(raw: Buffer, envelope: Envelope, client?: SmtpClient): Promise<Received> {
    if (raw.length > deps.maxBytes) return { ok: false, refused: "too_large" };
    if (envelope.to.length > maxRecipients) return { ok: false, refused: "too_many_recipients" };
    const spooled = await spoolMessage(dataDir, Readable.from([raw]), {
      maxBytes: deps.maxBytes,
      drain: true,
    });
    if (!spooled.ok) return { ok: false, refused: "too_large" };
    try {
      return await receiveSpooled(spooled, envelope, client);
    } finally {
      await removeSpooled(spooled).catch(() => undefined);
    }
  }

  /**
   * The one way a message is parsed and stored, never whole in memory: the spooled file is
   * moved into place as the stored .eml first (the sweep leaves a message with a young .eml
   * alone), then read as a stream by mailparser, each attachment written to its file as it is
   * decoded, and by mailauth. Every file is removed again unless the row is committed.
   */
  async function receiveSpooled(
    spooled: Spooled,
    envelope: Envelope,
    client?: SmtpClient,
  ): Promise<Received> {
    if (envelope.to.length > maxRecipients) return { ok: false, refused: "too_many_recipients" };
    const bytes = spooled.bytes;
    const id = randomUUID();
    await moveRawMessage(dataDir, id, spooled.file);
    const rawPath = path.join(dataDir, rawFileOf(id));
    let kept = false;
    try {
      let parsed: ParsedMessage<{ id: string; size: number }>;
      try {
        parsed = await parseMessage(createReadStream(rawPath), async (content) => {
          const attachmentId = randomUUID();
          const size = await writeAttachmentFile(dataDir, id, attachmentId, content);
          return { id: attachmentId, size };
        });
      } catch (error) {
        if (!(error instanceof Unparseable)) throw error;
        // Mail that can never be parsed (mailsplit's limits: 1,000 MIME parts, a 1 MB header)
        // is refused for good: it is no outage, and a retry would only meet the same refusal.
        const reason = error.message.slice(0, 200) || "unparseable";
        logger.info({ bytes, reason }, "message refused: cannot be parsed");
        return { ok: false, refused: "unparseable", reason };
      }
      if (envelope.to.length === 0 && parsed.recipients.length > maxRecipients) {
        return { ok: false, refused: "too_many_recipients" };
      }
      // Ours coming back (a Message-ID we give our emails, or one we recorded sending): we have
      // it already, and it is never the applicant's. Nothing stored; the sender is told 250.
      if (parsed.messageId && (await isOurs(parsed.messageId))) {
        logger.info({ ours: true, bytes }, "message of ours came back, not stored");
        return { ok: true, id, matched: false, duplicate: true };
      }
      const [auth, match] = await Promise.all([
        authenticationOf(
          { file: rawPath },
          {
            client,
            sender: envelope.from,
            resolver,
            mta,
            authservId: deps.authservId,
          },
        ),
        matchApplication(
          {
            recipients: envelope.to.length > 0 ? envelope.to : parsed.recipients,
            replyingTo: parsed.replyingTo,
            from: parsed.from.address,
          },
          {
            replySecret: deps.replySecret,
            replyDomain: deps.replyDomain,
            messageIdDomain: deps.messageIdDomain,
            applicant: (applicationId) => applicantAddress(database.db, applicationId),
            sentMessage: (rowId) => applicationOfSentMessage(database.db, rowId),
          },
        ),
      ]);
      const attachments = parsed.attachments;
      const size = attachments.reduce((sum, attachment) => sum + attachment.size, bytes);
      const admission = await deps.admit?.({
        senders: [envelope.from ?? "", parsed.from.address],
        ip: client?.ip,
        applicationId: match.applicationId,
        bytes,
        storedBytes: size,
      });
      if (admission && !admission.ok) {
        logger.info(
          { limit: admission.limit, bytes, matched: match.applicationId !== null },
          "message refused: over a limit",
        );
        return admission;
      }
      const message: ReceivedMessage = {
        id,
        applicationId: match.applicationId,
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
        size,
        flag: flagOf(parsed, envelope, match),
        attachments: attachments.map((attachment) => ({
          id: attachment.id,
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.size,
          file: attachmentFileOf(id, attachment.id),
        })),
      };
      let stored: { stored: boolean; notices: number; matched: boolean };
      try {
        stored = await store(message);
      } catch (error) {
        logger.error({ message: id, err: errorSummary(error) }, "message not stored");
        throw error;
      }
      kept = stored.stored;
      if (stored.notices > 0) deps.onNotices();
      logger.info(
        {
          message: stored.stored ? id : undefined,
          application: stored.matched ? message.applicationId : undefined,
          matched: stored.matched,
          by: stored.matched && "by" in match ? match.by : undefined,
          flag: message.flag ?? undefined,
          duplicate: !stored.stored,
          attachments: attachments.length,
          bytes,
          spf: auth.spf,
          dkim: auth.dkim,
          dmarc: auth.dmarc,
          notices: stored.notices,
        },
        "message received",
      );
      return { ok: true, id, matched: stored.matched, duplicate: !stored.stored };
    } finally {
      // A file without its row is swept in time anyway; removed at once here.
      if (!kept) await removeMessageFiles(dataDir, id).catch(() => undefined);
    }
  }

  async function isOurs(messageId: string): Promise<boolean> {
    return (
      isOwnMessageId(messageId, deps.messageIdDomain) ||
      (await isSentMessageId(database.db, [messageId]))
    );
  }

  /**
   * Why it is kept but no new reply, if so (decision 0063): from our own address (`ours`),
   * written by a machine (`automatic`: out-of-office, bounce, list), or with the proof of an
   * application but from another address than its applicant's (`sender`, to confirm).
   */
  function flagOf(
    parsed: Pick<ParsedMessage<object>, "from" | "automatic">,
    envelope: Envelope,
    match: Match,
  ): MessageFlag | null {
    const from = parsed.from.address.toLowerCase();
    if (from && ownAddresses.has(from)) return "ours";
    if (parsed.automatic || automaticBySender(envelope.from, from)) return "automatic";
    if (match.applicationId !== null && match.sender === "other") return "sender";
    return null;
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
        matched: message.applicationId !== null,
      };
    } catch (error) {
      const erased =
        message.applicationId !== null &&
        isRowDataError(error) &&
        !(await applicationExists(database.db, message.applicationId));
      if (!erased) throw error;
      return store({
        ...message,
        applicationId: null,
        flag: message.flag === "sender" ? null : message.flag,
      });
    }
  }

  /** How many messages are being parsed and stored, and who waits for a turn. */
  const concurrency = deps.parseConcurrency ?? 2;
  let running = 0;
  const waiting: (() => void)[] = [];
  async function turn(): Promise<() => void> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    return () => {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
  }

  /**
   * A message spooled to disk as it came in (./spool.ts), parsed and stored as a stream
   * (`receiveSpooled`: never whole in memory, nor any attachment); at most `parseConcurrency`
   * at once, the others wait on disk. The spooled file becomes the stored .eml, or is removed
   * once refused.
   */
  async function receiveFile(
    spooled: Spooled,
    envelope: Envelope,
    client?: SmtpClient,
  ): Promise<Received> {
    try {
      if (spooled.bytes > deps.maxBytes) return { ok: false, refused: "too_large" };
      const done = await turn();
      try {
        return await receiveSpooled(spooled, envelope, client);
      } finally {
        done();
      }
    } finally {
      await removeSpooled(spooled).catch(() => undefined);
    }
  }

  return { receive, receiveFile };
}
