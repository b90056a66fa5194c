import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimit {
  /** Counts one submission for `key`; says whether it is over the hourly limit. */
  consume(key: string): Promise<RateDecision>;
}

/**
 * RATE_LIMIT_PER_HOUR submissions per client per hour (0 turns the limit off), counted by
 * rate-limiter-flexible: in PostgreSQL when it is the database, so the limit holds across
 * instances; in memory with SQLite, which serves from one instance.
 */
export function createRateLimit(
  config: Pick<Config, "RATE_LIMIT_PER_HOUR">,
  database: Pick<DatabaseHandle, "pool">,
): RateLimit {
  const points = config.RATE_LIMIT_PER_HOUR;
  if (points === 0) return { consume: async () => ({ ok: true }) };
  const options = { points, duration: 3600, keyPrefix: "intake" };
  const limiter = database.pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: database.pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: true,
      })
    : new RateLimiterMemory(options);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return {
            ok: false,
            retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
          };
        }
        throw rejection;
      }
    },
  };
}
