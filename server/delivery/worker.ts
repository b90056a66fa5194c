import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { claimDueDeliveries, markAttemptFailed, markDelivered } from "../db/deliveries.ts";
import { errorSummary } from "../db/errors.ts";
import type { Delivery, Submission } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { nextAttemptAt } from "./backoff.ts";
import type { Mailer } from "./mailer.ts";
import { applicantConfirmation, teamNotification } from "./messages.ts";
import { sendWebhook } from "./webhook.ts";

export interface DeliveryWorker {
  /** Look for due deliveries now (called right after a commit that created some). */
  nudge(): void;
  /** Stops polling and waits for the deliveries in hand to finish. */
  stop(): Promise<void>;
  readonly owner: string;
}

export type WorkerConfig = Pick<
  Config,
  | "DELIVERY_POLL_MS"
  | "DELIVERY_LEASE_MS"
  | "DELIVERY_RETRY_DELAYS"
  | "MAIL_FROM"
  | "TEAM_EMAIL"
  | "CONTACT_EMAIL"
  | "WEBHOOK_URL"
  | "WEBHOOK_SECRET"
>;

const batchSize = 10;
/** Deliveries in flight at once (their network waits overlap). */
const concurrency = 4;

/**
 * The delivery worker, in the server's process: every DELIVERY_POLL_MS (or when nudged) it
 * claims due deliveries under a lease, sends them, and records the outcome. It never throws:
 * a database outage is logged and the next poll tries again.
 */
export function startDeliveryWorker(deps: {
  database: Pick<DatabaseHandle, "db" | "dialect">;
  config: WorkerConfig;
  logger: Logger;
  mailer: Mailer;
  /** True while applications are arriving: deliveries then give way (see `pause`). */
  intakeBusy?: () => boolean;
}): DeliveryWorker {
  const { database, config, logger, mailer } = deps;
  const owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function trigger() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runUntilIdle().finally(() => {
      running = undefined;
      if (stopped) return;
      if (again) {
        again = false;
        trigger();
      } else {
        timer = setTimeout(trigger, config.DELIVERY_POLL_MS);
        timer.unref();
      }
    });
  }

  async function runUntilIdle() {
    while (!stopped) {
      let claimed: Delivery[];
      try {
        claimed = await claimDueDeliveries(database, owner, {
          now: Date.now(),
          leaseMs: config.DELIVERY_LEASE_MS,
          limit: batchSize,
        });
      } catch (error) {
        logger.warn({ err: errorSummary(error) }, "delivery worker cannot reach the database");
        return;
      }
      if (claimed.length === 0) return;
      await deliverAll(claimed);
      if (claimed.length < batchSize) return;
    }
  }

  /** Up to `concurrency` lanes, each delivering one at a time and pausing in between. */
  async function deliverAll(claimed: Delivery[]) {
    const queue = [...claimed];
    const lane = async () => {
      for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
        const started = performance.now();
        await deliver(delivery);
        await pause(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
  }

  /**
   * Rendering an email and recording its outcome run on the event loop that answers visitors.
   * While applications are arriving, a lane waits three times as long as its last delivery
   * took (deliveries get at most a quarter of the time); otherwise it only yields a turn.
   */
  function pause(lastMs: number) {
    const busy = !stopped && deps.intakeBusy?.();
    return new Promise((resolve) =>
      busy ? setTimeout(resolve, Math.min(1000, Math.max(10, 3 * lastMs))) : setImmediate(resolve),
    );
  }

  async function deliver(delivery: Delivery) {
    const context = {
      delivery: delivery.id,
      kind: delivery.kind,
      submission: delivery.submissionId,
    };
    try {
      const submission = await database.db
        .selectFrom("submissions")
        .selectAll()
        .where("id", "=", delivery.submissionId)
        .executeTakeFirst();
      try {
        if (!submission) throw new Error("submission not found");
        await send(delivery, submission);
      } catch (error) {
        const attempts = delivery.attempts + 1;
        const retryAt = nextAttemptAt(attempts, config.DELIVERY_RETRY_DELAYS);
        const message = errorSummary(error).message;
        await markAttemptFailed(database, delivery, owner, { error: message, retryAt });
        if (retryAt === null) {
          logger.error({ ...context, attempts, err: message }, "delivery failed for good");
        } else {
          const retryInSeconds = Math.round((retryAt - Date.now()) / 100) / 10;
          logger.warn({ ...context, attempts, retryInSeconds, err: message }, "delivery failed");
        }
        return;
      }
      await markDelivered(database, delivery, owner);
      logger.info(context, "delivered");
    } catch (error) {
      // The outcome could not be recorded: the lease expires and the delivery is tried again.
      logger.error({ ...context, err: errorSummary(error) }, "delivery outcome not recorded");
    }
  }

  async function send(delivery: Delivery, submission: Submission) {
    switch (delivery.kind) {
      case "team_notification":
        return mailer.send(await teamNotification(submission, config));
      case "applicant_confirmation":
        return mailer.send(await applicantConfirmation(submission, config));
      case "webhook":
        if (!config.WEBHOOK_URL || !config.WEBHOOK_SECRET)
          throw new Error("WEBHOOK_URL is not set");
        return sendWebhook(submission, {
          url: config.WEBHOOK_URL,
          secret: config.WEBHOOK_SECRET,
          deliveryId: delivery.id,
        });
    }
  }

  trigger();
  return {
    owner,
    nudge: trigger,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
