import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DatabaseHandle } from "../db/database.ts";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimit {
  /**
   * Counts one attempt for `key` (or `points` of them: bytes, say); says whether it is over the
   * limit, and for how long.
   */
  consume(key: string, points?: number): Promise<RateDecision>;
}

/** A limit that can also say, counting nothing, whether the next attempt would be refused. */
export interface PeekableRateLimit extends RateLimit {
  peek(key: string): Promise<RateDecision>;
}

/**
 * `points` attempts per key per `durationSeconds` (0 points turns the limit off), counted by
 * rate-limiter-flexible: in PostgreSQL when it is the database, so the limit holds across
 * instances; in memory with SQLite, which serves from one instance. `keyPrefix` keeps the
 * counts of different limits apart in the shared table.
 */
export function createRateLimit(
  database: Pick<DatabaseHandle, "pool">,
  options: { keyPrefix: string; points: number; durationSeconds: number },
): PeekableRateLimit {
  const { keyPrefix, points, durationSeconds } = options;
  if (points === 0)
    return { consume: async () => ({ ok: true }), peek: async () => ({ ok: true }) };
  const settings = { points, duration: durationSeconds, keyPrefix };
  const limiter = database.pool
    ? new RateLimiterPostgres({
        ...settings,
        storeClient: database.pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: true,
      })
    : new RateLimiterMemory(settings);
  const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async peek(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= points && res.msBeforeNext > 0) {
        return { ok: false, retryAfterSeconds: retryAfter(res) };
      }
      return { ok: true };
    },
    async consume(key, consumed = 1) {
      try {
        await limiter.consume(key, consumed);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { ok: false, retryAfterSeconds: retryAfter(rejection) };
        }
        throw rejection;
      }
    },
  };
}
