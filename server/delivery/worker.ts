import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  releaseLeases,
  submissionsOf,
} from "../db/deliveries.ts";
import { errorSummary } from "../db/errors.ts";
import type { AlertKind } from "../db/notify-kinds.ts";
import type { Delivery, DeliveryKind, Submission } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "./mailer.ts";
import { type Attempt, type DeliveryOutcome, decideOutcome } from "./outcome.ts";
import { startPoller } from "./poller.ts";
import { createSender, type NotifyConfig } from "./send.ts";
import { createSendPool } from "./send-pool.ts";
import { createUnrecordedOutcomes } from "./unrecorded-outcomes.ts";

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
> &
  NotifyConfig;

const batchSize = 10;
/** Deliveries in flight at once (their network waits overlap). */
const concurrency = 4;

/**
 * The delivery worker, in the server's process: every DELIVERY_POLL_MS (or when nudged, see
 * poller.ts) it claims due deliveries under a lease, sends them (send-pool.ts), and records the
 * outcome (outcome.ts decides it; unrecorded-outcomes.ts keeps what the database did not take).
 * It never throws: a database outage is logged and the next poll tries again.
 */
export function startDeliveryWorker(deps: {
  database: DatabaseHandle;
  config: WorkerConfig;
  logger: Logger;
  mailer: Mailer;
  /** True while applications are arriving: deliveries then give way (see send-pool.ts). */
  intakeBusy?: () => boolean;
  /** Alerts made when a delivery fails for good (server/delivery/alerts.ts). */
  alertKinds?: readonly AlertKind[];
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (kind: DeliveryKind, outcome: DeliveryOutcome["status"]) => void;
}): DeliveryWorker {
  const { database, config, logger, mailer } = deps;
  const owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const send = createSender(config, mailer);
  const stopping = new AbortController();
  const { signal } = stopping;
  const unrecorded = createUnrecordedOutcomes(logger);
  const pool = createSendPool({ concurrency, signal, busy: deps.intakeBusy });
  const unreachable = (error: unknown) =>
    logger.warn({ err: errorSummary(error) }, "delivery worker cannot reach the database");

  const releaseLater = (deliveries: Delivery[]) => {
    for (const delivery of deliveries) {
      unrecorded.add(delivery.id, () => releaseLeases(database, [delivery], owner));
    }
  };

  async function runUntilIdle() {
    while (!signal.aborted) {
      if (!(await unrecorded.recordAll())) return;
      let claimed: Delivery[];
      try {
        claimed = await claimDueDeliveries(database, owner, {
          now: Date.now(),
          leaseMs: config.DELIVERY_LEASE_MS,
          limit: batchSize,
        });
      } catch (error) {
        unreachable(error);
        return;
      }
      if (claimed.length === 0) return;
      await deliverAll(claimed);
      if (claimed.length < batchSize) return;
    }
  }

  /**
   * Sends a claimed batch through the pool. On stop, the deliveries not started are handed back
   * (lease released) for the next start. So are those the pool reaches once half of the batch's
   * lease has passed (slow sends, or its pauses): one could still be sending when the lease ends
   * and another instance claims it, and the email would go out twice.
   */
  async function deliverAll(claimed: Delivery[]) {
    let submissions: Map<string, Submission>;
    try {
      submissions = await submissionsOf(database, claimed);
    } catch (error) {
      unreachable(error);
      releaseLater(claimed);
      return;
    }
    const inTime = (delivery: Delivery) =>
      Date.now() < (delivery.leaseExpiresAt ?? 0) - config.DELIVERY_LEASE_MS / 2;
    const unstarted = await pool.run(
      claimed,
      (delivery) => deliver(delivery, submissions.get(delivery.submissionId)),
      inTime,
    );
    if (unstarted.length > 0) {
      await releaseLeases(database, unstarted, owner).catch((error) => {
        logger.warn({ err: errorSummary(error) }, "could not release unstarted deliveries");
        releaseLater(unstarted);
      });
    }
  }

  /** One attempt at a delivery: send it, then settle what became of it. */
  async function deliver(delivery: Delivery, submission: Submission | undefined) {
    let attempt: Attempt;
    try {
      if (!submission) throw new Error("submission not found");
      await send(delivery, submission);
      attempt = { ok: true };
    } catch (error) {
      attempt = { ok: false, error, submission };
    }
    await settle(delivery, decideOutcome(delivery, attempt, config.DELIVERY_RETRY_DELAYS));
  }

  /** Logs the outcome and records it (kept for later while the database is unreachable). */
  async function settle(delivery: Delivery, outcome: DeliveryOutcome) {
    const context = {
      delivery: delivery.id,
      kind: delivery.kind,
      submission: delivery.submissionId,
    };
    let record: () => Promise<unknown>;
    deps.onAttempt?.(delivery.kind, outcome.status);
    if (outcome.status === "delivered") {
      record = () => markDelivered(database, delivery, owner);
      logger.info(context, "delivered");
    } else {
      const { attempts, error, errorClass } = outcome;
      const retryAt = outcome.status === "retry" ? outcome.retryAt : null;
      const failure = { error, retryAt, errorClass, alertKinds: deps.alertKinds };
      record = () => markAttemptFailed(database, delivery, owner, failure);
      if (retryAt === null) {
        logger.error({ ...context, attempts, err: error }, "delivery failed for good");
      } else {
        const retryInSeconds = Math.round((retryAt - Date.now()) / 100) / 10;
        logger.warn({ ...context, attempts, retryInSeconds, err: error }, "delivery failed");
      }
    }
    try {
      await record();
    } catch (error) {
      unrecorded.add(delivery.id, record);
      logger.error(
        { ...context, err: errorSummary(error) },
        "delivery outcome not recorded yet (database unreachable): recorded when it is back",
      );
    }
  }

  const poller = startPoller(runUntilIdle, { intervalMs: config.DELIVERY_POLL_MS, signal });
  return {
    owner,
    nudge: poller.nudge,
    async stop() {
      stopping.abort(); // no claim or delivery starts any more; pauses end at once
      await poller.idle();
      await unrecorded.recordAll();
    },
  };
}
