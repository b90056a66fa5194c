import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  type RunWrite,
  releaseLeases,
} from "../db/deliveries.ts";
import { errorSummary } from "../db/errors.ts";
import type { AlertKind } from "../db/notify-kinds.ts";
import type { Delivery, DeliveryKind, Submission } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { withoutAnswers } from "./answers.ts";
import { nextAttemptAt } from "./backoff.ts";
import { classifyError, isPermanent } from "./error-class.ts";
import type { Mailer } from "./mailer.ts";
import { createSender, type NotifyConfig } from "./send.ts";

export type AttemptOutcome = "delivered" | "retry" | "failed";

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
 * The delivery worker, in the server's process: every DELIVERY_POLL_MS (or when nudged) it
 * claims due deliveries under a lease, sends them, and records the outcome. It never throws:
 * a database outage is logged and the next poll tries again.
 */
export function startDeliveryWorker(deps: {
  /** `write`: how write statements run (the SQLite writer thread); default: through Kysely. */
  database: Pick<DatabaseHandle, "db" | "dialect"> & { write?: RunWrite };
  config: WorkerConfig;
  logger: Logger;
  mailer: Mailer;
  /** True while applications are arriving: deliveries then give way (see `pause`). */
  intakeBusy?: () => boolean;
  /** Alerts made when a delivery fails for good (server/delivery/alerts.ts). */
  alertKinds?: readonly AlertKind[];
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (kind: DeliveryKind, outcome: AttemptOutcome) => void;
}): DeliveryWorker {
  const { database, config, logger, mailer } = deps;
  const owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const send = createSender(config, mailer);
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

  /**
   * Writes that failed while the database was unreachable: a delivery's outcome (sent, or failed
   * and when to retry) and the leases of deliveries not started. They are written before the next
   * claim, so a sent email is not sent again when its lease runs out, and the others go out
   * without waiting for it. (If the process stops first, the leases expire as after a crash.)
   */
  const unrecorded = new Map<string, () => Promise<unknown>>();

  async function recordUnrecorded(): Promise<boolean> {
    for (const [id, write] of unrecorded) {
      try {
        await write();
        unrecorded.delete(id);
      } catch (error) {
        logger.warn({ err: errorSummary(error) }, "delivery worker cannot reach the database");
        return false;
      }
    }
    return true;
  }

  const releaseLater = (deliveries: Delivery[]) => {
    for (const delivery of deliveries) {
      unrecorded.set(delivery.id, () => releaseLeases(database, [delivery], owner));
    }
  };

  async function runUntilIdle() {
    while (!stopped) {
      if (!(await recordUnrecorded())) return;
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

  /**
   * Up to `concurrency` lanes, each delivering one at a time. On stop the lanes finish the
   * delivery in hand and hand the rest of the batch back (lease released) for the next start.
   * They also start no delivery once half of the batch's lease has passed (slow sends, or the
   * pauses below): it could still be sending when the lease ends and another instance claims
   * the same delivery, and the email would go out twice. Those are handed back too.
   *
   * Rendering an email and recording its outcome run on the event loop that answers visitors.
   * While applications are arriving, the lanes take turns (one delivery at a time), each followed
   * by a pause of nine times its duration: deliveries get at most a tenth of the time, and the
   * backlog goes out at full speed once the rush is over. Otherwise a lane only yields a turn.
   */
  async function deliverAll(claimed: Delivery[]) {
    let submissions: Map<string, Submission>;
    try {
      submissions = await loadSubmissions(claimed);
    } catch (error) {
      logger.warn({ err: errorSummary(error) }, "delivery worker cannot reach the database");
      releaseLater(claimed);
      return;
    }
    const queue = [...claimed];
    const inTime = (delivery: Delivery) =>
      Date.now() < (delivery.leaseExpiresAt ?? 0) - config.DELIVERY_LEASE_MS / 2;
    const lane = async () => {
      while (!stopped) {
        const busy = deps.intakeBusy?.() ?? false;
        let endTurn = () => {};
        if (busy) {
          const previous = turn;
          turn = new Promise((resolve) => {
            endTurn = resolve;
          });
          await previous;
        }
        try {
          const delivery = stopped ? undefined : queue[0];
          if (!delivery || !inTime(delivery)) return;
          queue.shift();
          const started = performance.now();
          await deliver(delivery, submissions.get(delivery.submissionId));
          await pause(busy ? Math.min(2000, 9 * (performance.now() - started)) : 0);
        } finally {
          endTurn();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
    if (queue.length > 0) {
      await releaseLeases(database, queue, owner).catch((error) => {
        logger.warn({ err: errorSummary(error) }, "could not release unstarted deliveries");
        releaseLater(queue);
      });
    }
  }

  let turn: Promise<void> = Promise.resolve();
  /** Pauses in progress, ended early by stop(). */
  const wakers = new Set<() => void>();
  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      if (ms <= 0 || stopped) {
        setImmediate(resolve);
        return;
      }
      const timeout = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timeout);
        wakers.delete(finish);
        resolve();
      }
      wakers.add(finish);
    });
  }

  /** The submissions of a batch of deliveries, in one query (by id). */
  async function loadSubmissions(deliveries: Delivery[]): Promise<Map<string, Submission>> {
    const ids = [...new Set(deliveries.map((delivery) => delivery.submissionId))];
    const rows = await database.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "in", ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function deliver(delivery: Delivery, submission: Submission | undefined) {
    const context = {
      delivery: delivery.id,
      kind: delivery.kind,
      submission: delivery.submissionId,
    };
    let record: () => Promise<unknown>;
    try {
      if (!submission) throw new Error("submission not found");
      await send(delivery, submission);
      deps.onAttempt?.(delivery.kind, "delivered");
      record = () => markDelivered(database, delivery, owner);
      logger.info(context, "delivered");
    } catch (error) {
      const attempts = delivery.attempts + 1;
      const retryAt = isPermanent(error)
        ? null
        : nextAttemptAt(attempts, config.DELIVERY_RETRY_DELAYS);
      const message = withoutAnswers(errorSummary(error).message, submission);
      const failure = { error: message, retryAt, errorClass: classifyError(error) };
      deps.onAttempt?.(delivery.kind, retryAt === null ? "failed" : "retry");
      const alertKinds = deps.alertKinds;
      record = () => markAttemptFailed(database, delivery, owner, { ...failure, alertKinds });
      if (retryAt === null) {
        logger.error({ ...context, attempts, err: message }, "delivery failed for good");
      } else {
        const retryInSeconds = Math.round((retryAt - Date.now()) / 100) / 10;
        logger.warn({ ...context, attempts, retryInSeconds, err: message }, "delivery failed");
      }
    }
    try {
      await record();
    } catch (error) {
      unrecorded.set(delivery.id, record);
      logger.error(
        { ...context, err: errorSummary(error) },
        "delivery outcome not recorded yet (database unreachable): recorded when it is back",
      );
    }
  }

  trigger();
  return {
    owner,
    nudge: trigger,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const wake of wakers) wake();
      await running;
      await recordUnrecorded();
    },
  };
}
