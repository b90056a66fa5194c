import { randomUUID } from "node:crypto";
import type { IntakeMeta, IntakeOutcome, IntakePort } from "#app/shared/app-context.ts";
import {
  honeypotField,
  idempotencyKeyMessage,
  idempotencyKeyPattern,
} from "#app/shared/intake-rules.ts";
import { validateOnboarding } from "#app/shared/schema.ts";
import { errorSummary } from "../db/errors.ts";
import type { DeliveryKind } from "../db/schema.ts";
import type { PendingSubmission, StoredSubmission } from "../db/submissions.ts";
import type { Logger } from "../logger.ts";
import type { GroupCommitter } from "./group-commit.ts";
import type { RateLimit } from "./rate-limit.ts";

/** What a visitor is told to wait when the database is unreachable. */
export const unavailableRetrySeconds = 5;
/** The 503's explanation, for whoever reads the JSON (the form shows its own copy). */
export const unavailableMessage =
  "Applications cannot be stored right now and nothing was saved. Send it again after Retry-After seconds.";

export interface IntakeServiceDeps {
  committer: GroupCommitter<PendingSubmission, StoredSubmission>;
  rateLimit: RateLimit;
  hashIp: (ip: string) => string;
  /** Which deliveries a genuine submission gets (the webhook only when configured). */
  deliveryKinds: readonly DeliveryKind[];
  logger: Logger;
  /** Called after a commit that created deliveries (nudges the worker). */
  onDeliveriesCreated?: () => void;
}

/**
 * The one code path for every application, from the JSON endpoint and from the no-JavaScript
 * form: validate (the shared schema) → rate limit → honeypot → store with idempotency, in one
 * transaction with its delivery rows. Never logs what the applicant wrote.
 */
export function createIntakeService(deps: IntakeServiceDeps): IntakePort {
  return {
    async submit(input: unknown, meta: IntakeMeta): Promise<IntakeOutcome> {
      const checked = validateOnboarding(input);
      if (!checked.ok) {
        return { ok: false, error: "validation_failed", fieldErrors: checked.fieldErrors };
      }
      const idempotencyKey = meta.idempotencyKey || null;
      if (idempotencyKey !== null && !idempotencyKeyPattern.test(idempotencyKey)) {
        return {
          ok: false,
          error: "validation_failed",
          fieldErrors: { idempotencyKey: [idempotencyKeyMessage] },
        };
      }
      const ipHash = deps.hashIp(meta.ip);
      try {
        const decision = await deps.rateLimit.consume(ipHash);
        if (!decision.ok) {
          return {
            ok: false,
            error: "rate_limited",
            retryAfterSeconds: decision.retryAfterSeconds,
          };
        }
        const spam = isHoneypotFilled(input);
        const stored = await deps.committer.submit({
          row: {
            id: randomUUID(),
            ...checked.data,
            createdAt: Date.now(),
            ipHash,
            userAgent: meta.userAgent.slice(0, 512),
            isSpam: spam ? 1 : 0,
            idempotencyKey,
          },
          deliveries: spam ? [] : deps.deliveryKinds,
        });
        if (stored.created && spam) deps.logger.info({ id: stored.id }, "spam submission kept");
        if (stored.deliveries > 0) deps.onDeliveriesCreated?.();
        return { ok: true, id: stored.id };
      } catch (error) {
        deps.logger.error({ err: errorSummary(error) }, "intake storage unavailable");
        return { ok: false, error: "unavailable", retryAfterSeconds: unavailableRetrySeconds };
      }
    },
  };
}

function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[honeypotField];
  return typeof value === "string" && value.trim() !== "";
}
