import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { startPoller } from "../background/poller.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  applicationsOf,
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  markSkipped,
  type Owner,
  releaseLeases,
} from "../db/deliveries/claims.ts";
import { errorSummary } from "../db/errors.ts";
import type { Application, Delivery } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { DeliveryError } from "./error-class.ts";
import type { KindConfig } from "./kinds/kind.ts";
import { type KindRegistry, kindRegistry } from "./kinds/registry.ts";
import { type Attempt, type DeliveryOutcome, decideOutcome } from "./outcome.ts";
import { createSendPool } from "./send-pool.ts";
import { createUnrecordedOutcomes } from "./unrecorded-outcomes.ts";

export interface DeliveryWorker {
  /** Look for due deliveries now (called right after a commit that created some). */
  nudge(): void;
  /** Resolves once the poll in hand (its batch included) is done; tests await it. */
  idle(): Promise<void>;
  /** Stops polling and waits for the deliveries in hand to finish. */
  stop(): Promise<void>;
  readonly leaseHolder: string;
}

export type WorkerConfig = Pick<
  Config,
  "DELIVERY_POLL_MS" | "DELIVERY_LEASE_MS" | "DELIVERY_RETRY_DELAYS"
> &
  KindConfig;

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
  /** The alerts made when a delivery fails for good (kindRegistry.made("alert", config)). */
  alertKinds?: readonly string[];
  /** The kinds it can send (default: the product's; tests register their own). */
  kinds?: KindRegistry;
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (kind: string, outcome: DeliveryOutcome["status"] | "skipped") => void;
}): DeliveryWorker {
  const { database, config, logger, mailer } = deps;
  const leaseHolder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const sendContext = { config, mailer, database };
  const kinds = deps.kinds ?? kindRegistry;
  const stopping = new AbortController();
  const { signal } = stopping;
  const unrecorded = createUnrecordedOutcomes(logger);
  const pool = createSendPool({ concurrency, signal, busy: deps.intakeBusy });
  const unreachable = (error: unknown) =>
    logger.warn({ err: errorSummary(error) }, "delivery worker cannot reach the database");

  const releaseLater = (deliveries: Delivery[]) => {
    for (const delivery of deliveries) {
      unrecorded.add(delivery.id, () => releaseLeases(database, [delivery], leaseHolder));
    }
  };

  async function runUntilIdle() {
    while (!signal.aborted) {
      if (!(await unrecorded.recordAll())) return;
      let claimed: Delivery[];
      try {
        claimed = await claimDueDeliveries(database, leaseHolder, {
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
    let applications: Awaited<ReturnType<typeof applicationsOf>>;
    try {
      applications = await applicationsOf(database, claimed);
    } catch (error) {
      unreachable(error);
      releaseLater(claimed);
      return;
    }
    const inTime = (delivery: Delivery) =>
      Date.now() < (delivery.leaseExpiresAt ?? 0) - config.DELIVERY_LEASE_MS / 2;
    const unstarted = await pool.run(
      claimed,
      (delivery) => deliver(delivery, applications.get(delivery.submissionId)),
      inTime,
    );
    if (unstarted.length > 0) {
      await releaseLeases(database, unstarted, leaseHolder).catch((error) => {
        logger.warn({ err: errorSummary(error) }, "could not release unstarted deliveries");
        releaseLater(unstarted);
      });
    }
  }

  /**
   * One attempt at a delivery: skip it if its kind says so now (a reminder already answered),
   * else send it by its kind; then settle what became of it.
   */
  async function deliver(
    delivery: Delivery,
    found: (Application & { owner: Owner | null }) | undefined,
  ) {
    let attempt: Attempt;
    // The application's owner (its messages name them), apart from its row.
    const { owner: applicationOwner = null, ...application } = found ?? {};
    try {
      // Erased (or purged) since it was claimed: nothing to send, ever.
      if (!found) {
        throw new DeliveryError("submission not found", "submission_missing", { permanent: true });
      }
      const job = { delivery, application: application as Application, owner: applicationOwner };
      const skip = await kinds.skipReason(job, sendContext);
      if (skip) {
        deps.onAttempt?.(delivery.kind, "skipped");
        logger.info({ ...logContext(delivery), reason: skip }, "skipped");
        return await record(delivery, () => markSkipped(database, delivery, leaseHolder, skip));
      }
      await kinds.send(job, sendContext);
      attempt = { ok: true };
    } catch (error) {
      attempt = { ok: false, error, application: found && (application as Application) };
    }
    await settle(delivery, decideOutcome(delivery, attempt, config.DELIVERY_RETRY_DELAYS));
  }

  const logContext = (delivery: Delivery) => ({
    delivery: delivery.id,
    kind: delivery.kind,
    application: delivery.submissionId,
  });

  /** Logs the outcome and records it. */
  async function settle(delivery: Delivery, outcome: DeliveryOutcome) {
    const context = logContext(delivery);
    deps.onAttempt?.(delivery.kind, outcome.status);
    if (outcome.status === "delivered") {
      logger.info(context, "delivered");
      return record(delivery, () => markDelivered(database, delivery, leaseHolder));
    }
    const { attempts, error, errorClass } = outcome;
    const retryAt = outcome.status === "retry" ? outcome.retryAt : null;
    const failure = { error, retryAt, errorClass, alertKinds: deps.alertKinds };
    if (retryAt === null) {
      logger.error({ ...context, attempts, err: error }, "delivery failed for good");
    } else {
      const retryInSeconds = Math.round((retryAt - Date.now()) / 100) / 10;
      logger.warn({ ...context, attempts, retryInSeconds, err: error }, "delivery failed");
    }
    return record(delivery, () => markAttemptFailed(database, delivery, leaseHolder, failure));
  }

  /** Records what became of a delivery, or keeps it for later while the database is away. */
  async function record(delivery: Delivery, write: () => Promise<unknown>) {
    try {
      await write();
    } catch (error) {
      unrecorded.add(delivery.id, write);
      logger.error(
        { ...logContext(delivery), err: errorSummary(error) },
        "delivery outcome not recorded yet (database unreachable): recorded when it is back",
      );
    }
  }

  const poller = startPoller(runUntilIdle, { intervalMs: config.DELIVERY_POLL_MS, signal });
  return {
    leaseHolder,
    nudge: poller.nudge,
    idle: poller.idle,
    async stop() {
      stopping.abort(); // no claim or delivery starts any more; pauses end at once
      await poller.idle();
      await unrecorded.recordAll();
    },
  };
}
