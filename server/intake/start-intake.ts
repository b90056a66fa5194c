import type { Hono } from "hono";
import type { IntakePort } from "../../app/app-context.ts";
import type { AppEnv } from "../app.ts";
import type { Config } from "../config.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { isRowDataError } from "../db/errors.ts";
import { startRetention } from "../db/retention.ts";
import type { DeliveryKind } from "../db/schema.ts";
import { sharedSecret } from "../db/settings.ts";
import { createMailer, type Mailer } from "../delivery/mailer.ts";
import { warmUpEmails } from "../delivery/messages.ts";
import { type DeliveryWorker, startDeliveryWorker } from "../delivery/worker.ts";
import type { Logger } from "../logger.ts";
import { createIntakeApi } from "./api.ts";
import { createIpHasher } from "./client-ip.ts";
import { createGroupCommitter } from "./group-commit.ts";
import { createRateLimit } from "./rate-limit.ts";
import { createIntakeService } from "./service.ts";
import { type SqliteWriter, startSqliteWriter, writesThrough } from "./sqlite-writer.ts";
import { type PendingSubmission, storeSubmissions } from "./store.ts";

export interface RunningIntake {
  api: Hono<AppEnv>;
  port: IntakePort;
  database: DatabaseHandle;
  worker: DeliveryWorker;
  /** What the team's side shares: the mailer, the SQLite writer thread, the delivery kinds. */
  mailer: Mailer;
  writer?: SqliteWriter;
  deliveryKinds: readonly DeliveryKind[];
  health: () => Promise<{ ok: boolean; database: string }>;
  /** Waits for queued writes, finishes the delivery in hand, closes the database. */
  stop: () => Promise<void>;
}

/** Database (migrated) → delivery worker → intake service and its HTTP endpoint. */
export async function startIntake(config: Config, logger: Logger): Promise<RunningIntake> {
  // Cold template code would stall the first delivery (and the requests around it).
  await warmUpEmails(config);
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
  const writer = database.sqlite ? startSqliteWriter(database.location) : undefined;
  await writer?.ready.catch(async (error) => {
    await database.close();
    throw error;
  });
  const store = writer
    ? (items: readonly PendingSubmission[]) => writer.write(items)
    : (items: readonly PendingSubmission[]) => storeSubmissions(database.db, items);
  const committer = createGroupCommitter((items: PendingSubmission[]) => store(items), {
    isItemError: isRowDataError,
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
    deliveryKinds,
    logger,
    onDeliveriesCreated: () => worker.nudge(),
  });
  return {
    api: createIntakeApi({ config, logger, intake: port }),
    port,
    database,
    worker,
    mailer,
    writer,
    deliveryKinds,
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
