import type { DNSResolver } from "mailauth";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { sharedSecret } from "../db/settings.ts";
import type { Logger } from "../logger.ts";
import { addressOf } from "../mail/mail-address.ts";
import { mailDomain } from "../mail/mail-domain.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createRateLimit } from "../rate-limit/limiter.ts";
import { inboundEndpoint } from "./http-endpoint.ts";
import { limitNoticeEmail } from "./limit-notice-email.ts";
import { createInboundLimits, limitSettingsOf } from "./limits.ts";
import { createReceiver } from "./receive.ts";
import { type SmtpListener, startSmtpListener } from "./smtp-listener.ts";
import { sweepSpool } from "./spool.ts";

export interface InboundServer {
  /** The handler of POST /team/inbound-email (404 without INBOUND_TOKEN). */
  endpoint: ReturnType<typeof inboundEndpoint>;
  /** The SMTP listener's port, when INBOUND_SMTP_PORT is set. */
  smtpPort?: number;
  stop(): Promise<void>;
}

/**
 * Replies coming back (docs/decisions/0038): one receiver, and its two ways in, the SMTP
 * listener (when INBOUND_SMTP_PORT is set) and the provider's POST (when INBOUND_TOKEN is).
 */
export async function startInbound(deps: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** Tells the team when a limit of mail coming in refuses mail (once per limit and period). */
  mailer: Pick<Mailer, "send">;
  /** The notices a matched reply makes (the configured reply_notice_* kinds). */
  noticeKinds: readonly string[];
  nudgeWorker: () => void;
  /** DNS for SPF, DKIM and DMARC (tests); the system's by default. */
  resolver?: DNSResolver;
}): Promise<InboundServer> {
  const { config, logger, database } = deps;
  // The reply tag's secret also keys the HMAC of sender addresses in the limits' counters.
  const replySecret = await sharedSecret(database.db, "reply_tag_secret");
  const limits = createInboundLimits({
    database,
    settings: limitSettingsOf(config),
    keySecret: replySecret,
    tell: (notice) => deps.mailer.send(limitNoticeEmail(notice, config)),
    logger,
  });
  // What a crash left in the spool (an hour old: nothing still coming in is that old).
  await sweepSpool(config.dataDir, 3600_000).catch(() => undefined);
  const receiver = createReceiver({
    database,
    dataDir: config.dataDir,
    maxBytes: config.INBOUND_MAX_BYTES,
    // The secret the outbound half tags reply addresses with.
    replySecret,
    replyDomain: config.replyDomain,
    messageIdDomain: mailDomain(config.MAIL_FROM),
    ownAddresses: [addressOf(config.MAIL_FROM), addressOf(config.TEAM_EMAIL)],
    authservId: config.INBOUND_AUTHSERV_ID,
    noticeKinds: deps.noticeKinds,
    resolver: deps.resolver,
    logger,
    onNotices: deps.nudgeWorker,
    admit: limits.admit,
    parseConcurrency: config.INBOUND_PARSE_CONCURRENCY,
  });
  let smtp: SmtpListener | undefined;
  if (config.INBOUND_SMTP_PORT !== undefined) {
    smtp = await startSmtpListener(
      receiver,
      {
        port: config.INBOUND_SMTP_PORT,
        host: config.INBOUND_SMTP_HOST,
        replyDomain: config.replyDomain,
        dataDir: config.dataDir,
        maxBytes: config.INBOUND_MAX_BYTES,
        connectionsPerIp: config.INBOUND_SMTP_CONNECTIONS_PER_IP,
        sessionMs: config.INBOUND_SMTP_SESSION_SECONDS * 1000,
        overAlready: limits.overAlready,
        tls:
          config.INBOUND_TLS_KEY && config.INBOUND_TLS_CERT
            ? { keyFile: config.INBOUND_TLS_KEY, certFile: config.INBOUND_TLS_CERT }
            : undefined,
      },
      logger,
    );
  }
  return {
    endpoint: inboundEndpoint({
      token: config.INBOUND_TOKEN,
      maxBytes: config.INBOUND_MAX_BYTES,
      dataDir: config.dataDir,
      receiver,
      rateLimit: createRateLimit(database, {
        keyPrefix: "inbound",
        points: config.INBOUND_LIMIT_PER_IP,
        durationSeconds: 60,
      }),
      trustProxy: config.TRUST_PROXY,
      logger,
    }),
    smtpPort: smtp?.port,
    stop: async () => {
      await smtp?.stop();
    },
  };
}
