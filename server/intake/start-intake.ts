import type { Config } from "../config.ts";
import type { PendingApplication } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { isRowDataError } from "../db/errors.ts";
import type { DeliveryKind } from "../db/schema.ts";
import { createIpHasher, createRecipientHasher } from "../hashing/client-hashes.ts";
import type { Logger } from "../logger.ts";
import { createRateLimit } from "../rate-limit/limiter.ts";
import { createIntakeApi } from "./api.ts";
import { createGroupCommitter } from "./group-commit.ts";
import { createIntakeService, type VisitLookup } from "./service.ts";

/**
 * The intake, as the other features start theirs: the group committer (one transaction for the
 * applications that arrive together, INTAKE_QUEUE_MAX waiting at most), the shared rate limit,
 * the service (the one code path of the JSON endpoint and the form without JavaScript) and the
 * endpoint. What it needs of the rest comes in: the kinds of delivery an application gets, the
 * visits' lookup, and whom to tell when deliveries were made.
 */
export function startIntake(deps: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** The hashing key (IP_HASH_SECRET or the key file): client IPs and addresses as HMACs. */
  hashingKey: string;
  deliveryKinds: readonly DeliveryKind[];
  scheduledKinds: readonly { kind: DeliveryKind; fromDueMs: number }[];
  visits?: VisitLookup;
  onDeliveriesCreated: () => void;
}) {
  const { config, logger, database } = deps;
  const committer = createGroupCommitter(
    (items: PendingApplication[]) => database.storeApplications(items),
    { isItemError: isRowDataError, maxWaiting: config.INTAKE_QUEUE_MAX },
  );
  const service = createIntakeService({
    committer,
    rateLimit: createRateLimit(database, {
      keyPrefix: "intake",
      points: config.RATE_LIMIT_PER_HOUR,
      durationSeconds: 3600,
    }),
    hashIp: createIpHasher(deps.hashingKey),
    hashRecipient: createRecipientHasher(deps.hashingKey),
    deliveryKinds: deps.deliveryKinds,
    promiseMs: config.promiseMs,
    scheduledKinds: deps.scheduledKinds,
    logger,
    visits: deps.visits,
    visitLookupMs: config.VISIT_LOOKUP_MS,
    onDeliveriesCreated: deps.onDeliveriesCreated,
  });
  return {
    service,
    api: createIntakeApi({ config, logger, intake: service }),
    /** Applications are pouring in: the delivery worker gives way. */
    busy: () => committer.busy(),
    /** Waits for the applications queued to be committed. */
    drain: () => committer.drain(),
  };
}
