import { setTimeout as sleep } from "node:timers/promises";
import type { Context, Handler, MiddlewareHandler } from "hono";
import type { ApplicationSource } from "#app/shared/application-source.ts";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { foldPastDays, purgeTotals } from "../db/visits/visitors.ts";
import type { Sealer } from "../hashing/sealed-secrets.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { TrustProxy } from "../http/proxy-trust.ts";
import type { Logger } from "../logger.ts";
import { beaconHandler } from "./beacon.ts";
import { countPages } from "./count-pages.ts";
import { isCountable, visitorFacts } from "./counted-request.ts";
import {
  createVisitCounter,
  dayOf,
  type VisitCounter,
  type VisitorFacts,
} from "./visit-counter.ts";

/** How often hits in memory are written (and once more at shutdown). */
export const flushIntervalMs = 5000;
/**
 * A day is folded this long after it ends: every instance has written its last hits of it by
 * then (they write every few seconds).
 */
export const foldGraceMs = 2 * 60_000;
const foldIntervalMs = 60_000;
/** Writes of what is in memory at shutdown at most, and the pause after a failed one. */
const stopAttempts = 3;
const stopRetryMs = 200;
/** How long /onboarding waits for its beacon token at most (the day's secret, once a day). */
const tokenWaitMs = 250;

export interface Visits {
  /** The middleware that counts pages (absent with ANALYTICS=off). */
  countPages?: MiddlewareHandler<AppEnv>;
  /** POST /beacon (answers 204 and counts nothing with ANALYTICS=off). */
  beacon: Handler<AppEnv>;
  /** Counting's counter (absent with ANALYTICS=off): the intake looks visitors up in it. */
  counter?: VisitCounter;
  /** What the intake asks (absent with ANALYTICS=off): the visit of an application. */
  lookup?: {
    sourceOf(sender: VisitorFacts): Promise<ApplicationSource | undefined>;
    applied(sender: VisitorFacts): void;
  };
  /**
   * What /onboarding, rendered for this request, carries for its beacons (absent with
   * ANALYTICS=off, or for a request not counted: a bot's, a member's).
   */
  beaconToken(c: Context): Promise<string | undefined>;
  /** Folds the past days, deletes their secrets, purges old totals (tests call it). */
  fold(): Promise<void>;
  /** Its background jobs: the flush of the hits in memory, the fold (the root starts them). */
  jobs: BackgroundJob[];
  /** Writes what is in memory, once the jobs have stopped. */
  stop(): Promise<void>;
}

/**
 * Counting visits: the counter, the pages' middleware and the beacon, a flush every few
 * seconds, and once a minute the fold of past days (their visitors into totals, their rows
 * and secrets deleted) and the purge of totals older than `retentionDays`.
 */
export function startVisits(deps: {
  enabled: boolean;
  retentionDays: number;
  database: DatabaseHandle;
  /** Seals the day's secrets (the key is the hashing key's, never in the database). */
  sealer: Sealer;
  trustProxy: TrustProxy;
  logger: Logger;
  now?: () => number;
  flushMs?: number;
  /** Visitors counted per client address a day (VISITORS_PER_ADDRESS; 0: no cap). */
  visitorsPerAddress?: number;
}): Visits {
  const { database, logger } = deps;
  const now = deps.now ?? Date.now;
  if (!deps.enabled) {
    return {
      beacon: beaconHandler(undefined, deps.trustProxy),
      beaconToken: async () => undefined,
      fold: async () => {},
      jobs: [],
      stop: async () => {},
    };
  }
  const counter = createVisitCounter({
    database,
    sealer: deps.sealer,
    logger,
    now,
    perAddress: deps.visitorsPerAddress,
  });
  const fold = async () => {
    const today = dayOf(now());
    await database.writeTransaction(foldPastDays(database, dayOf(now() - foldGraceMs)));
    if (deps.retentionDays > 0) {
      await database.write(purgeTotals(database, today - deps.retentionDays));
    }
  };
  return {
    // The hits counted in memory written every few seconds; yesterday folded into its totals.
    jobs: [
      {
        name: "visits-flush",
        everyMs: deps.flushMs ?? flushIntervalMs,
        run: () => counter.flush(),
      },
      { name: "visits-fold", everyMs: foldIntervalMs, run: fold },
    ],
    countPages: countPages(counter, deps.trustProxy),
    beacon: beaconHandler(counter, deps.trustProxy),
    counter,
    lookup: {
      async sourceOf(sender) {
        const row = await counter.lookup(sender);
        if (!row) return undefined;
        const { source, medium, campaign, referrer, landing } = row;
        return { source, medium, campaign, referrer, landingPage: landing };
      },
      applied: (sender) => counter.count(sender, { applied: true }),
    },
    async beaconToken(c) {
      const headers = c.req.raw.headers;
      // A prefetch or a prerender is not counted, but it is a page served to a person: its
      // beacon says when it is seen.
      const person = new Headers(headers);
      person.delete("sec-purpose");
      person.delete("purpose");
      if (!isCountable(person)) return undefined;
      // The page waits for the day's secret only at the day's first request, and never long:
      // a stalled database costs this page its beacons, not its answer.
      const token = counter.beaconToken(visitorFacts(c, deps.trustProxy)).catch((error) => {
        logger.warn({ err: errorSummary(error) }, "visits: no secret for today");
        return undefined;
      });
      const wait = new AbortController();
      const late = sleep(tokenWaitMs, undefined, { signal: wait.signal }).catch(() => undefined);
      try {
        return await Promise.race([token, late]);
      } finally {
        wait.abort();
      }
    },
    fold,
    /**
     * After the jobs stopped: the hits in memory, written once more, and again after a failed
     * write (a lost lock race, a dropped connection): no later flush would keep them.
     */
    async stop() {
      for (let attempt = 1; attempt <= stopAttempts; attempt++) {
        await counter.flush();
        if (counter.pending() === 0) return;
        if (attempt < stopAttempts) await sleep(stopRetryMs * attempt);
      }
      logger.warn({ visitors: counter.pending() }, "visits: hits not written at shutdown");
    },
  };
}
