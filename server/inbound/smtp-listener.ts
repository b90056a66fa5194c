import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { errorSummary } from "../db/errors.ts";
import type { Logger } from "../logger.ts";
import { isReplyDomain } from "../mail/reply-address.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import type { Admission } from "./limits.ts";
import { maxRecipients, type Received, type Receiver } from "./receive.ts";
import { spoolMessage } from "./spool.ts";

export interface SmtpListenerOptions {
  /** INBOUND_SMTP_PORT (0: any free port, for tests) and INBOUND_SMTP_HOST. */
  port: number;
  host: string;
  replyDomain: string;
  /** DATA_DIR: messages are spooled to DATA_DIR/inbound/incoming as they come in. */
  dataDir: string;
  /** INBOUND_MAX_BYTES: announced (SIZE) and enforced while the message streams in. */
  maxBytes: number;
  /** INBOUND_TLS_KEY and INBOUND_TLS_CERT (PEM files): STARTTLS; neither, no STARTTLS. */
  tls?: { keyFile: string; certFile: string };
  /** INBOUND_SMTP_CONNECTIONS_PER_IP: open sessions per client address (IPv6: per /64). */
  connectionsPerIp?: number;
  /** INBOUND_SMTP_SESSION_SECONDS, in ms: how long a whole session may last, busy or not. */
  sessionMs?: number;
  /**
   * At MAIL FROM: whether that sender or this client is over a rate already (./limits.ts),
   * so that a flood past its limits is refused before it is sent at all.
   */
  overAlready?: (facts: { senders: string[]; ip: string }) => Promise<Admission>;
}

/** Every listener's bounds when the caller gives none (the configuration's defaults). */
export const listenerDefaults = { connectionsPerIp: 5, sessionMs: 10 * 60_000 } as const;

export interface SmtpListener {
  port: number;
  stop(): Promise<void>;
}

/** An SMTP answer with its code. */
const refusal = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

/** The SMTP answer to a message refused (nothing stored). */
function refusalOf(received: Exclude<Received | Admission, { ok: true }>) {
  switch (received.refused) {
    case "too_large":
      return refusal(552, "5.3.4 Message too big");
    case "too_many_recipients":
      return refusal(550, "5.5.3 Too many recipients");
    case "unparseable":
      return refusal(554, `5.6.0 Message cannot be parsed, not stored: ${received.reason}`);
    case "rate_limited":
      return refusal(
        451,
        `4.7.1 Too much mail (${received.limit.replaceAll("_", " ")}), try again in ${received.retryAfterSeconds} s`,
      );
    case "quota_full":
      return refusal(
        552,
        `5.2.2 Mailbox full (${received.limit.replaceAll("_", " ")}), not stored`,
      );
  }
}

/**
 * The SMTP listener for replies (smtp-server): an MX for REPLY_DOMAIN, never a relay. RCPT TO
 * of any other domain gets 550, the 51st recipient 452, a message over INBOUND_MAX_BYTES 552
 * (while it streams in: what comes over the limit is dropped, not kept). No AUTH; STARTTLS only
 * with a key and certificate. Each message is spooled to disk as it comes in and goes to
 * `receiver.receiveFile()`; 250 is said only once it is stored: a database away gets 451, so
 * the sender tries again later. Mail that can never be parsed gets 554, a rate of mail 451
 * (at MAIL FROM already when the sender or client is over it), stored bytes full 552.
 * One client address holds at most `connectionsPerIp` sessions (421 to the next one, to that
 * address only), and no session lasts longer than `sessionMs` (421, then closed), however
 * busy it keeps itself: 50 sessions held open with NOOP cannot keep everyone else out.
 */
export async function startSmtpListener(
  receiver: Pick<Receiver, "receiveFile">,
  options: SmtpListenerOptions,
  logger: Logger,
): Promise<SmtpListener> {
  const tls = options.tls
    ? { key: readFileSync(options.tls.keyFile), cert: readFileSync(options.tls.certFile) }
    : undefined;
  const perIp = options.connectionsPerIp ?? listenerDefaults.connectionsPerIp;
  const sessionMs = options.sessionMs ?? listenerDefaults.sessionMs;
  /** Open sessions per client address, and the address and end timer of each counted one. */
  const open = new Map<string, number>();
  const counted = new Map<string, { key: string; timer: NodeJS.Timeout }>();
  const settings: SMTPServerOptions & { rejectOversized: boolean } = {
    banner: "replies only",
    size: options.maxBytes,
    rejectOversized: true,
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...tls,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      const key = rateLimitKey(session.remoteAddress);
      const sessions = open.get(key) ?? 0;
      if (sessions >= perIp) {
        return callback(
          refusal(421, "4.7.0 Too many connections from your address, try again later"),
        );
      }
      open.set(key, sessions + 1);
      const timer = setTimeout(() => endSession(session.id), sessionMs);
      timer.unref();
      counted.set(session.id, { key, timer });
      callback();
    },
    onClose(session) {
      const entry = counted.get(session.id);
      if (!entry) return;
      counted.delete(session.id);
      clearTimeout(entry.timer);
      const left = (open.get(entry.key) ?? 1) - 1;
      if (left > 0) open.set(entry.key, left);
      else open.delete(entry.key);
    },
    onMailFrom(address, session, callback) {
      if (!options.overAlready) return callback();
      options.overAlready({ senders: [address.address], ip: session.remoteAddress }).then(
        (admission) => callback(admission.ok ? undefined : refusalOf(admission)),
        // Counters out of reach: the message is taken, and counted once it is stored.
        () => callback(),
      );
    },
    onRcptTo(address, session, callback) {
      if (!isReplyDomain(address.address, options.replyDomain)) {
        return callback(refusal(550, "5.7.1 Relaying denied: replies only"));
      }
      if (session.envelope.rcptTo.length >= maxRecipients) {
        return callback(refusal(452, "4.5.3 Too many recipients"));
      }
      callback();
    },
    onData(stream, session, callback) {
      // To disk as it comes (never whole in memory); over the limit, the rest is read and
      // dropped, and smtp-server's own check answers 552 at the end as well.
      spoolMessage(options.dataDir, stream, { maxBytes: options.maxBytes, drain: true })
        .then(async (spooled) => {
          if (!spooled.ok || stream.sizeExceeded) {
            return callback(refusal(552, "5.3.4 Message too big"));
          }
          const from = session.envelope.mailFrom;
          const received = await receiver.receiveFile(
            spooled,
            {
              from: from ? from.address : undefined,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            { ip: session.remoteAddress, helo: session.hostNameAppearsAs },
          );
          callback(
            received.ok ? null : refusalOf(received),
            received.ok ? "2.0.0 Stored" : undefined,
          );
        })
        .catch((error) => {
          logger.warn({ err: errorSummary(error) }, "reply not stored: 451 to the sender");
          callback(refusal(451, "4.3.0 Not stored, please try again later"));
        });
    },
  };
  const server = new SMTPServer(settings);
  /** A session past its time: told so, then closed (a message being sent is abandoned). */
  function endSession(id: string) {
    for (const connection of server.connections) {
      if (connection.session?.id !== id) continue;
      connection.send(421, "4.4.2 Session time limit reached, closing", false);
      connection.close();
    }
  }
  server.on("error", (error) => logger.warn({ err: errorSummary(error) }, "SMTP listener error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ host: options.host, port }, "SMTP listener for replies");
  return {
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
