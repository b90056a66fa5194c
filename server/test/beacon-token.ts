import type { DatabaseHandle } from "../db/database.ts";
import { beaconTokenOf, visitorHash } from "../hashing/client-hashes.ts";
import { loadHashingKey } from "../hashing/hashing-key.ts";
import { createSealer } from "../hashing/sealed-secrets.ts";
import { daySecret } from "../visits/day-secret.ts";
import { dayOf, type VisitorFacts } from "../visits/visit-counter.ts";

/**
 * The token a page the server rendered for `visitor` today would carry (tests without a build
 * have no page to read it from): made as the server makes it, from the hashing key (the
 * server's key file or IP_HASH_SECRET) and today's sealed secret in its database.
 */
export async function beaconTokenFor(
  database: Pick<DatabaseHandle, "db" | "write" | "dialect">,
  config: { dataDir: string; IP_HASH_SECRET?: string },
  visitor: VisitorFacts,
  now = Date.now(),
): Promise<string> {
  return (await beaconTokens(database, config, now))(visitor);
}

/** The same for many visitors: the key and the day's secret read once. */
export async function beaconTokens(
  database: Pick<DatabaseHandle, "db" | "write" | "dialect">,
  config: { dataDir: string; IP_HASH_SECRET?: string },
  now = Date.now(),
): Promise<(visitor: VisitorFacts) => string> {
  const { key } = await loadHashingKey(database, config);
  const secret = await daySecret(database, createSealer(key, "visit-secrets"), dayOf(now));
  return (visitor) =>
    beaconTokenOf(secret, visitorHash(secret, visitor.ip, visitor.userAgent, visitor.host));
}
