import { createHash } from "node:crypto";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import { createRateLimit, type RateDecision } from "../rate-limit/limiter.ts";

export type LimitDecision = RateDecision;

/** Sign-in link requests are counted over 15 minutes. */
export const linkWindowSeconds = 15 * 60;

/**
 * Counts sign-in link requests per address (its hash: no address is stored) and per client
 * (IPv4 address, IPv6 /64), in PostgreSQL when it is the database (the limits hold across
 * instances), else in memory.
 */
export function createLinkLimits(
  config: Pick<Config, "TEAM_LINK_LIMIT_PER_ADDRESS" | "TEAM_LINK_LIMIT_PER_IP">,
  database: Pick<DatabaseHandle, "pool">,
) {
  const durationSeconds = linkWindowSeconds;
  const byAddress = createRateLimit(database, {
    keyPrefix: "team-link-address",
    points: config.TEAM_LINK_LIMIT_PER_ADDRESS,
    durationSeconds,
  });
  const byIp = createRateLimit(database, {
    keyPrefix: "team-link-ip",
    points: config.TEAM_LINK_LIMIT_PER_IP,
    durationSeconds,
  });
  return {
    /** Counts one request; the first limit exceeded, if any. */
    async consume(address: string, ip: string): Promise<LimitDecision> {
      const perIp = await byIp.consume(rateLimitKey(ip) || "unknown");
      if (!perIp.ok) return perIp;
      return byAddress.consume(createHash("sha256").update(address).digest("hex"));
    },
  };
}
