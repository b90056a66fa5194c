import type { Hono } from "hono";
import type { IntakePort } from "../../app/app-context.ts";
import type { AppEnv } from "../app.ts";
import type { Config } from "../config.ts";
import { ensurePrivateDirectory, restrictFiles } from "../db/data-dir.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { isRowDataError } from "../db/errors.ts";
import { startRetention } from "../db/retention.ts";
import type { DeliveryKind } from "../db/schema.ts";
import { sharedSecret } from "../db/settings.ts";
import { mailDirectory } from "../delivery/mail-files.ts";
import { createMailer } from "../delivery/mailer.ts";
import { warmUpEmails } from "../delivery/messages.ts";
import { type DeliveryWorker, startDeliveryWorker } from "../delivery/worker.ts";
import type { Logger } from "../logger.ts";
import { createIntakeApi } from "./api.ts";
import { createIpHasher, createRecipientHasher } from "./client-ip.ts";
import { createGroupCommitter } from "./group-commit.ts";
import { createRateLimit } from "./rate-limit.ts";
import { createIntakeService } from "./service.ts";
import { startSqliteWriter, writesThrough } from "./sqlite-writer.ts";
import { type PendingSubmission, storeSubmissions } from "./store.ts";

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
  // DATA_DIR (the SQLite file, the .eml outbox) for the server's user only, files made by
  // earlier versions included.
  if (!config.DATABASE_URL || !config.SMTP_URL) {
    ensurePrivateDirectory(config.dataDir);
    restrictFiles(config.dataDir);
    restrictFiles(mailDirectory(config.dataDir));
  }
  const database = await openMigratedDatabase(config, logger);
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
      { directory: `${config.dataDir}/mail` },
      "no SMTP_URL: emails are written as .eml files",
    );
  }
  // SQLite: every write (intake batches, the worker's statements) goes through one writer
  // thread; the main connection only reads. PostgreSQL: through the pool.
  const storeOptions = { confirmationsPerHour: config.CONFIRMATIONS_PER_HOUR };
  const writer = database.sqlite ? startSqliteWriter(database.location, storeOptions) : undefined;
  await writer?.ready.catch(async (error) => {
    await database.close();
    throw error;
  });
  const store = writer
    ? (items: readonly PendingSubmission[]) => writer.write(items)
    : (items: readonly PendingSubmission[]) =>
        storeSubmissions(database.db, items, Date.now(), storeOptions);
  const committer = createGroupCommitter((items: PendingSubmission[]) => store(items), {
    isItemError: isRowDataError,
    maxWaiting: config.INTAKE_QUEUE_MAX,
  });
  const worker = startDeliveryWorker({
    database: writer ? { ...database, write: writesThrough(writer) } : database,
    config,
    logger,
    mailer,
    intakeBusy: () => committer.busy(),
  });
  const retention = startRetention({
    database: writer ? { ...database, write: writesThrough(writer) } : database,
    config,
    logger,
  });
  const deliveryKinds: DeliveryKind[] = ["team_notification", "applicant_confirmation"];
  if (config.WEBHOOK_URL) deliveryKinds.push("webhook");

  const port = createIntakeService({
    committer,
    rateLimit: createRateLimit(config, database),
    hashIp: createIpHasher(ipHashSecret),
    hashRecipient: createRecipientHasher(ipHashSecret),
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
      await writer?.close();
      mailer.close();
      await database.close();
    },
  };
}
