import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";

export type LimitDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Sign-in link requests are counted over 15 minutes. */
export const linkWindowSeconds = 15 * 60;

/**
 * Counts sign-in link requests per address (its hash: no address is stored) and per client IP,
 * in PostgreSQL when it is the database (the limit holds across instances), else in memory.
 */
export function createLinkLimits(
  config: Pick<Config, "TEAM_LINK_LIMIT_PER_ADDRESS" | "TEAM_LINK_LIMIT_PER_IP">,
  database: Pick<DatabaseHandle, "pool">,
) {
  const make = (keyPrefix: string, points: number) => {
    const options = { keyPrefix, points, duration: linkWindowSeconds };
    return database.pool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: database.pool,
          storeType: "pool",
          tableName: "rate_limits",
          tableCreated: true,
          clearExpiredByTimeout: true,
        })
      : new RateLimiterMemory(options);
  };
  const byAddress = make("team-link-address", config.TEAM_LINK_LIMIT_PER_ADDRESS);
  const byIp = make("team-link-ip", config.TEAM_LINK_LIMIT_PER_IP);

  const consume = async (
    limiter: RateLimiterMemory | RateLimiterPostgres,
    key: string,
  ): Promise<LimitDecision> => {
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
  };

  return {
    /** Counts one request; the first limit exceeded, if any. */
    async consume(address: string, ip: string): Promise<LimitDecision> {
      const hashed = createHash("sha256").update(address).digest("hex");
      const perIp = await consume(byIp, ip || "unknown");
      if (!perIp.ok) return perIp;
      return consume(byAddress, hashed);
    },
  };
}
