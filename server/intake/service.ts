import { createHash, randomUUID } from "node:crypto";
import { service } from "#app/content/service.ts";
import type { IntakeMeta, IntakeOutcome, IntakePort } from "#app/shared/app-context.ts";
import {
  type ApplicationSource,
  type SourceColumns,
  unknownVisit,
} from "#app/shared/application-source.ts";
import {
  honeypotField,
  idempotencyKeyMessage,
  idempotencyKeyPattern,
} from "#app/shared/intake-rules.ts";
import { fieldNames, type OnboardingApplication, validateOnboarding } from "#app/shared/schema.ts";
import type { PendingApplication, StoredApplication } from "../db/applications/store.ts";
import { errorSummary } from "../db/errors.ts";
import type { DeliveryKind } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import type { RateLimit } from "../rate-limit/limiter.ts";
import { within } from "../waiting/within.ts";
import { type GroupCommitter, QueueFullError } from "./group-commit.ts";

/** What a visitor is told to wait when the database is unreachable. */
export const unavailableRetrySeconds = 5;
/** The 503's explanation, for whoever reads the JSON (the form shows its own copy). */
export const unavailableMessage =
  "Applications cannot be stored right now and nothing was saved. Send it again after Retry-After seconds.";
/** What a visitor is told to wait when INTAKE_QUEUE_MAX applications wait for a commit. */
export const overloadedRetrySeconds = 2;
export const overloadedMessage =
  "Too many applications are arriving at once and nothing was saved. Send it again after Retry-After seconds.";
export const keyReusedMessage =
  "This Idempotency-Key was sent before with other answers, and nothing was saved. Send new answers with a new key.";

/**
 * What an idempotency key stands for: SHA-256 of the checked answers, in the form's order.
 * The same key with other answers is refused (as Stripe does), instead of answering another
 * application's id and dropping this one.
 */
export function answersHash(answers: OnboardingApplication): string {
  const values = fieldNames.map((field) => answers[field]);
  return createHash("sha256").update(JSON.stringify(values)).digest("hex");
}

/** Who sent an application, as the visit counter knows visitors (never stored as such). */
export interface Sender {
  ip: string;
  userAgent: string;
  host: string;
}

/**
 * The visits counted today (absent with ANALYTICS=off): the visit an application came from,
 * looked up as the counter found its visitor, and the note that this visitor applied.
 */
export interface VisitLookup {
  sourceOf(sender: Sender): Promise<ApplicationSource | undefined>;
  applied(sender: Sender): void;
}

export interface IntakeServiceDeps {
  committer: GroupCommitter<PendingApplication, StoredApplication>;
  rateLimit: RateLimit;
  hashIp: (ip: string) => string;
  /** HMAC of an applicant's address (lower-cased): its confirmation counts against the caps. */
  hashRecipient: (email: string) => string;
  /** Which deliveries a genuine application gets (the webhook only when configured). */
  deliveryKinds: readonly DeliveryKind[];
  /** The promise's clock (ms): an application is due this long after it arrives. */
  promiseMs?: number;
  /** The deliveries a genuine application gets later, each at its time from the due time. */
  scheduledKinds?: readonly { kind: DeliveryKind; fromDueMs: number }[];
  logger: Logger;
  visits?: VisitLookup;
  /** How long an application waits for its visit to be found (default 250 ms; then not known). */
  visitLookupMs?: number;
  /** Called after a commit that created deliveries (nudges the worker). */
  onDeliveriesCreated?: () => void;
}

/**
 * The one code path for every application, from the JSON endpoint and from the no-JavaScript
 * form: validate (the shared schema) → room in the queue → rate limit → honeypot → store with
 * idempotency, in one transaction with its delivery rows (the confirmation capped). Never logs
 * what the applicant wrote.
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
      // Full: refused before it costs a point of the client's rate limit.
      if (deps.committer.full()) return overloaded();
      try {
        const decision = await deps.rateLimit.consume(deps.hashIp(rateLimitKey(meta.ip)));
        if (!decision.ok) {
          return {
            ok: false,
            error: "rate_limited",
            retryAfterSeconds: decision.retryAfterSeconds,
          };
        }
        const spam = isHoneypotFilled(input);
        const sender = { ip: meta.ip, userAgent: meta.userAgent, host: meta.host ?? "" };
        const source = await sourceColumns(deps, sender);
        const createdAt = Date.now();
        const dueAt = createdAt + (deps.promiseMs ?? defaultPromiseMs);
        const stored = await deps.committer.submit({
          row: {
            id: randomUUID(),
            ...checked.data,
            createdAt,
            dueAt,
            ipHash,
            userAgent: meta.userAgent.slice(0, 512),
            isSpam: spam ? 1 : 0,
            idempotencyKey,
            idempotencyHash: idempotencyKey === null ? null : answersHash(checked.data),
            ...source,
          },
          deliveries: spam ? [] : deps.deliveryKinds,
          // Spam has no owner and no clock's jobs; marked "not spam", it gets both then.
          scheduled: spam ? [] : scheduledRows(deps.scheduledKinds ?? [], createdAt, dueAt),
          assignOwner: !spam,
          recipientHash: spam ? undefined : deps.hashRecipient(checked.data.email),
        });
        if (stored.keyReused) return { ok: false, error: "idempotency_key_reused" };
        if (stored.created && spam) deps.logger.info({ id: stored.id }, "spam submission kept");
        if (stored.deliveries > 0) deps.onDeliveriesCreated?.();
        if (stored.created && !spam && source.visitSource !== null) deps.visits?.applied(sender);
        return { ok: true, id: stored.id };
      } catch (error) {
        if (error instanceof QueueFullError) return overloaded();
        deps.logger.error({ err: errorSummary(error) }, "intake storage unavailable");
        return { ok: false, error: "unavailable", retryAfterSeconds: unavailableRetrySeconds };
      }
    },
  };
}

/**
 * The source columns of an application: its visit's, or null (not known) when none is found in
 * time. The source is worth a database read, never a wait: a stalled database must not hold
 * applications before the queue that bounds them (INTAKE_QUEUE_MAX) and refuses the rest.
 */
async function sourceColumns(deps: IntakeServiceDeps, sender: Sender): Promise<SourceColumns> {
  if (!deps.visits) return unknownVisit;
  const looked = deps.visits.sourceOf(sender).catch((error) => {
    deps.logger.warn({ err: errorSummary(error) }, "intake: the visit could not be looked up");
    return undefined;
  });
  const found = await within(looked, deps.visitLookupMs ?? defaultVisitLookupMs);
  if (found === "late")
    deps.logger.warn("intake: the visit lookup took too long; source not known");
  if (!found || found === "late") return unknownVisit;
  return {
    visitSource: found.source,
    visitMedium: found.medium,
    visitCampaign: found.campaign,
    visitReferrer: found.referrer,
    visitLandingPage: found.landingPage,
  };
}

const defaultPromiseMs = service.responsePromiseHours * 3600_000;
const defaultVisitLookupMs = 250;

/**
 * The scheduled deliveries of an application received at `createdAt` and due at `dueAt`: each
 * at its time from the due time; none whose time is already past (a reminder longer than a
 * drill's promise).
 */
export function scheduledRows(
  kinds: readonly { kind: DeliveryKind; fromDueMs: number }[],
  createdAt: number,
  dueAt: number,
): { kind: DeliveryKind; at: number }[] {
  return kinds
    .map(({ kind, fromDueMs }) => ({ kind, at: dueAt + fromDueMs }))
    .filter(({ at }) => at >= createdAt);
}

function overloaded(): IntakeOutcome {
  return { ok: false, error: "overloaded", retryAfterSeconds: overloadedRetrySeconds };
}

function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[honeypotField];
  return typeof value === "string" && value.trim() !== "";
}
