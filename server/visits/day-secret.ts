import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../db/database.ts";
import { deleteDaySecret, sealedDaySecret } from "../db/visits/secrets.ts";
import type { Sealer } from "../hashing/sealed-secrets.ts";

/**
 * The secret of a UTC day, shared by every instance: made by the first that needs it (random,
 * 32 bytes), kept in the database only sealed (a backup holds no usable secret), opened with
 * the hashing key every instance holds. A sealed secret no key here opens (SQLite restored
 * without its key file, the key changed) is replaced: the day's visitors start again.
 */
export async function daySecret(
  database: Pick<DatabaseHandle, "db" | "write">,
  sealer: Sealer,
  day: number,
): Promise<string> {
  const label = `visit-day:${day}`;
  for (let attempt = 0; ; attempt++) {
    const secret = randomBytes(32).toString("base64url");
    const sealed = await sealedDaySecret(database, day, sealer.seal(label, secret));
    try {
      return sealer.open(label, sealed);
    } catch (error) {
      if (attempt > 0) throw error;
      await deleteDaySecret(database, day, sealed);
    }
  }
}
