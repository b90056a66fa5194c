import { randomUUID } from "node:crypto";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Config } from "../config.ts";
import { ensurePrivateDirectory, fileMode } from "../files/data-dir.ts";
import type { Logger } from "../logger.ts";
import { mailDirectory } from "./mail-files.ts";

export interface Mailer {
  /** Sends one message; resolves once the SMTP server accepted it or the .eml file exists. */
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

/** SMTP connections kept open at most: one per delivery lane of the worker. */
export const smtpConnections = 4;

/**
 * SMTP through nodemailer when SMTP_URL is set, over a pool of up to `smtpConnections` open
 * connections: a new connection per message costs a TCP (and TLS) handshake, the server's
 * greeting (mail servers often hold it back on purpose) and EHLO/AUTH, which bounded the
 * worker at about 25 emails a second. Otherwise every message is written to
 * DATA_DIR/mail/ as an .eml file (the raw message, as nodemailer's stream transport builds it),
 * first under a temporary name and then renamed, so a reader never sees half a file.
 */
export function createMailer(config: Pick<Config, "SMTP_URL" | "dataDir">, logger: Logger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: smtpConnections,
      maxMessages: 500,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        await transport.sendMail(message);
      },
      close: () => transport.close(),
    };
  }

  const directory = mailDirectory(config.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      // Readable by the server's user only: the directory 0700, each message 0600.
      ensurePrivateDirectory(directory);
      const id = String(message.messageId ?? randomUUID()).replace(/[^\w.@-]+/g, "");
      const file = path.join(directory, `${Date.now()}-${id}.eml`);
      const temporary = path.join(directory, `.${randomUUID()}.tmp`);
      await writeFile(temporary, info.message as Buffer, { mode: fileMode });
      await rename(temporary, file);
      logger.info({ file }, "email written (no SMTP_URL set)");
    },
    close: () => transport.close(),
  };
}
