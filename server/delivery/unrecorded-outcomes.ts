import { errorSummary } from "../db/errors.ts";
import type { Logger } from "../logger.ts";

/**
 * The delivery worker's writes that failed while the database was unreachable: a delivery's
 * outcome (sent, or failed and when to retry) and the leases of deliveries not started, one per
 * delivery. The worker writes them before its next claim, so a sent email is not sent again when
 * its lease runs out, and the others go out without waiting for it. (If the process stops
 * first, the leases expire as after a crash.)
 */
export interface UnrecordedOutcomes {
  /** Keeps `write` for delivery `id` (in place of an earlier one for it) until it succeeds. */
  add(id: string, write: () => Promise<unknown>): void;
  /** Runs the kept writes in order; at the first failure (logged) it stops and says false. */
  recordAll(): Promise<boolean>;
}

export function createUnrecordedOutcomes(logger: Logger): UnrecordedOutcomes {
  const writes = new Map<string, () => Promise<unknown>>();
  return {
    add(id, write) {
      writes.set(id, write);
    },
    async recordAll() {
      for (const [id, write] of writes) {
        try {
          await write();
          writes.delete(id);
        } catch (error) {
          logger.warn({ err: errorSummary(error) }, "delivery worker cannot reach the database");
          return false;
        }
      }
      return true;
    },
  };
}
