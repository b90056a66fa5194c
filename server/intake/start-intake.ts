import type { Hono } from "hono";
import type { IntakePort } from "#app/shared/app-context.ts";
import type { AppEnv } from "../app.ts";
import type { Config } from "../config.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { isRowDataError } from "../db/errors.ts";
import { startRetention } from "../db/retention.ts";
import type { DeliveryKind } from "../db/schema.ts";
import { sharedSecret } from "../db/settings.ts";
import type { PendingSubmission } from "../db/submissions.ts";
import { mailDirectory, purgeMailFiles } from "../delivery/mail-files.ts";
import { createMailer } from "../delivery/mailer.ts";
import { warmUpEmails } from "../delivery/messages.ts";
import { type DeliveryWorker, startDeliveryWorker } from "../delivery/worker.ts";
import type { Logger } from "../logger.ts";
import { createIntakeApi } from "./api.ts";
import { createIpHasher } from "./client-ip.ts";
import { createGroupCommitter } from "./group-commit.ts";
import { createRateLimit } from "./rate-limit.ts";
import { createIntakeService } from "./service.ts";

export interface RunningIntake {
  api: Hono<AppEnv>;
  port: IntakePort;
  database: DatabaseHandle;
  worker: DeliveryWorker;
  health: () => Promise<{ ok: boolean; database: string }>;
  /** Waits for queued writes, finishes the delivery in hand, closes the database. */
  stop: () => Promise<void>;
}

/** Database (migrated) → delivery worker → intake service and its HTTP endpoint. */
export async function startIntake(config: Config, logger: Logger): Promise<RunningIntake> {
  // Cold template code would stall the first delivery (and the requests around it).
  await warmUpEmails(config);
  // SQLite: every write (intake batches, the worker's statements) goes through one writer
  // thread; the main connection only reads. PostgreSQL: through the pool.
  const database = await openMigratedDatabase({ ...config, writerThread: true }, logger);
  logger.info({ database: database.location }, "database ready");
  const ipHashSecret =
    config.IP_HASH_SECRET ??
    (await sharedSecret(database.db, "ip_hash_secret").catch(async (error) => {
      await database.close();
      throw error;
    }));
  const mailer = createMailer(config, logger);
  if (!config.SMTP_URL) {
    logger.info(
      { directory: mailDirectory(config.dataDir) },
      "no SMTP_URL: emails are written as .eml files",
    );
  }
  const committer = createGroupCommitter(
    (items: PendingSubmission[]) => database.storeSubmissions(items),
    { isItemError: isRowDataError },
  );
  const worker = startDeliveryWorker({
    database,
    config,
    logger,
    mailer,
    intakeBusy: () => committer.busy(),
  });
  const retention = startRetention({
    database,
    retentionDays: config.RETENTION_DAYS,
    purgeMailFiles: (cutoff) => purgeMailFiles(config.dataDir, cutoff),
    logger,
  });
  const deliveryKinds: DeliveryKind[] = ["team_notification", "applicant_confirmation"];
  if (config.WEBHOOK_URL) deliveryKinds.push("webhook");

  const port = createIntakeService({
    committer,
    rateLimit: createRateLimit(config, database),
    hashIp: createIpHasher(ipHashSecret),
    deliveryKinds,
    logger,
    onDeliveriesCreated: () => worker.nudge(),
  });
  return {
    api: createIntakeApi({ config, logger, intake: port }),
    port,
    database,
    worker,
    health: async () => {
      try {
        await database.ping();
        return { ok: true, database: database.dialect };
      } catch {
        return { ok: false, database: "unreachable" };
      }
    },
    stop: async () => {
      await committer.drain();
      await retention.stop();
      await worker.stop(); // records the delivery in hand through the writer: before closing it
      mailer.close();
      await database.close(); // the writer thread, then the connection
    },
  };
}
