import { withoutAnswers } from "../answers/labelled-answers.ts";
import { errorSummary } from "../db/errors.ts";
import type { Application, Delivery } from "../db/schema.ts";
import { nextAttemptAt } from "./backoff.ts";
import { classifyError, type ErrorClass, isPermanent } from "./error-class.ts";

/** What became of one attempt at a delivery. */
export type DeliveryOutcome =
  | { status: "delivered" }
  /** To be tried again at `retryAt`. */
  | { status: "retry"; attempts: number; retryAt: number; error: string; errorClass: ErrorClass }
  /** Failed for good: the retry delays are used up, or the receiver refused for good. */
  | { status: "failed"; attempts: number; error: string; errorClass: ErrorClass };

export type Attempt = { ok: true } | { ok: false; error: unknown; application?: Application };

/**
 * The one place that decides the outcome of an attempt: delivered, or the next try after the
 * DELIVERY_RETRY_DELAYS delay for this attempt, or failed for good (also at once when the
 * receiver refused for good: a chat service's 4xx). `errorClass` names the kind of failure. `error` is what is logged
 * and stored of the failure: its message, with the applicant's answers blanked out.
 */
export function decideOutcome(
  delivery: Pick<Delivery, "attempts">,
  attempt: Attempt,
  retryDelaysSeconds: readonly number[],
): DeliveryOutcome {
  if (attempt.ok) return { status: "delivered" };
  const attempts = delivery.attempts + 1;
  const retryAt = isPermanent(attempt.error) ? null : nextAttemptAt(attempts, retryDelaysSeconds);
  const error = withoutAnswers(errorSummary(attempt.error).message, attempt.application);
  const errorClass = classifyError(attempt.error);
  return retryAt === null
    ? { status: "failed", attempts, error, errorClass }
    : { status: "retry", attempts, retryAt, error, errorClass };
}
