import type { DNSResolver } from "mailauth";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { sharedSecret } from "../db/settings.ts";
import type { Logger } from "../logger.ts";
import { addressOf } from "../mail/mail-address.ts";
import { mailDomain } from "../mail/mail-domain.ts";
import { createRateLimit } from "../rate-limit/limiter.ts";
import { inboundEndpoint } from "./http-endpoint.ts";
import { createReceiver } from "./receive.ts";
import { type SmtpListener, startSmtpListener } from "./smtp-listener.ts";

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
  /** The notices a matched reply makes (the configured reply_notice_* kinds). */
  noticeKinds: readonly string[];
  nudgeWorker: () => void;
  /** DNS for SPF, DKIM and DMARC (tests); the system's by default. */
  resolver?: DNSResolver;
}): Promise<InboundServer> {
  const { config, logger, database } = deps;
  const receiver = createReceiver({
    database,
    dataDir: config.dataDir,
    maxBytes: config.INBOUND_MAX_BYTES,
    // The secret the outbound half tags reply addresses with.
    replySecret: await sharedSecret(database.db, "reply_tag_secret"),
    replyDomain: config.replyDomain,
    messageIdDomain: mailDomain(config.MAIL_FROM),
    ownAddresses: [addressOf(config.MAIL_FROM), addressOf(config.TEAM_EMAIL)],
    authservId: config.INBOUND_AUTHSERV_ID,
    noticeKinds: deps.noticeKinds,
    resolver: deps.resolver,
    logger,
    onNotices: deps.nudgeWorker,
  });
  let smtp: SmtpListener | undefined;
  if (config.INBOUND_SMTP_PORT !== undefined) {
    smtp = await startSmtpListener(
      receiver,
      {
        port: config.INBOUND_SMTP_PORT,
        host: config.INBOUND_SMTP_HOST,
        replyDomain: config.replyDomain,
        maxBytes: config.INBOUND_MAX_BYTES,
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
