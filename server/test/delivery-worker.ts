import type { SendMailOptions } from "nodemailer";
import pino from "pino";
import { onTestFinished } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { startDeliveryWorker, type WorkerConfig } from "../delivery/worker.ts";
import type { Mailer } from "../mail/mailer.ts";
import { workerTestConfig } from "./worker-config.ts";

/** The tests' worker configuration with the site's address (the links the notices hold). */
export const siteWorkerConfig = {
  ...workerTestConfig,
  PUBLIC_SITE_URL: "https://reelsmith.example",
};

/**
 * A mailer that keeps what it is given: `tried`, every message; `sent`, those it took (it
 * refuses the first `failures`, as an SMTP server away would).
 */
export function recordingMailer(failures = 0) {
  const tried: SendMailOptions[] = [];
  const sent: SendMailOptions[] = [];
  const mailer: Mailer = {
    async send(message) {
      tried.push(message);
      if (tried.length <= failures) throw new Error("connection refused");
      sent.push(message);
    },
    close() {},
  };
  return { mailer, tried, sent };
}

/**
 * The delivery worker on `database`, sending with `mailer` (and to the chat channels `config`
 * sets up); stopped when the test finishes.
 */
export function workerSending(
  database: DatabaseHandle,
  mailer: Mailer,
  config: Partial<WorkerConfig> = {},
) {
  const worker = startDeliveryWorker({
    database,
    config: { ...siteWorkerConfig, ...config },
    logger: pino({ level: "silent" }),
    mailer,
  });
  onTestFinished(() => worker.stop());
  return worker;
}
