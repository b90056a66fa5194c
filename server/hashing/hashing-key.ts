import { createHmac, randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../db/database.ts";
import { deleteSetting, offerSetting, readSetting, replaceSetting } from "../db/settings.ts";
import { hashingKeyFile, readOrCreateKeyFile } from "../files/key-file.ts";

/** Where earlier versions kept the key, in the database (and so in every backup of it). */
export const legacyKeySetting = "ip_hash_secret";
/** An HMAC of a constant under the key: tells whether two instances hold the same key. */
export const keyCheckSetting = "hashing_key_check";

/** Several instances on one PostgreSQL database hold different keys: the server stops. */
export class HashingKeyMismatch extends Error {}

export interface HashingKey {
  /** The key of the IP, address and visit HMACs (never in the database). */
  key: string;
  /** Where it is: "IP_HASH_SECRET" or the key file's path. */
  source: string;
  /** The database still held the key of an earlier version: it is now in the key file, deleted there. */
  movedOut: boolean;
  /** SQLite: the database was used with another key before (a restore without its key file). */
  replaced: boolean;
}

/** What the database keeps to compare keys: useless for computing any hash. */
export const keyCheckOf = (key: string) =>
  createHmac("sha256", key).update("reelsmith hashing key check").digest("hex");

/**
 * The key that turns client IPs, applicants' addresses and the day's visit secrets into
 * stored values, kept OUTSIDE the database so that a backup cannot recompute or reverse them
 * (decision 0066): `IP_HASH_SECRET`, or else `DATA_DIR/keys/hashing.key` (0600 in a 0700
 * directory), made once with 32 random bytes.
 *
 * An install of an earlier version kept it in the `settings` table: that value goes into the
 * key file (so every stored `ip_hash` and rate-limit key still compares) and is deleted from
 * the database. The database keeps only `hashing_key_check` (an HMAC of a constant under the
 * key): on PostgreSQL an instance whose key differs from the one the others use refuses to
 * start, since its visitors and rate limits would not agree with theirs; on SQLite (one
 * instance) a changed key is taken, and the caller says so.
 */
export async function loadHashingKey(
  database: Pick<DatabaseHandle, "db" | "write" | "dialect">,
  options: { dataDir: string; IP_HASH_SECRET?: string },
): Promise<HashingKey> {
  const { db } = database;
  const stored = await readSetting(db, legacyKeySetting);
  const file = hashingKeyFile(options.dataDir);
  const key =
    options.IP_HASH_SECRET ??
    readOrCreateKeyFile(file, () => stored ?? randomBytes(32).toString("base64url"));
  const source = options.IP_HASH_SECRET ? "IP_HASH_SECRET" : file;
  const check = keyCheckOf(key);
  await database.write(offerSetting(db, keyCheckSetting, check));
  let replaced = false;
  if ((await readSetting(db, keyCheckSetting)) !== check) {
    if (database.dialect === "postgres") {
      throw new HashingKeyMismatch(
        `The hashing key (${source}) is not the one this database's other instances use. Give every instance the same key: the same IP_HASH_SECRET, or a copy of the first instance's DATA_DIR/keys/hashing.key (0600). To start over with this key on purpose (rate limits reset, stored ip_hash no longer comparable), delete the row of settings whose key is '${keyCheckSetting}'.`,
      );
    }
    await database.write(replaceSetting(db, keyCheckSetting, check));
    replaced = true;
  }
  if (stored !== undefined) await database.write(deleteSetting(db, legacyKeySetting));
  return { key, source, movedOut: stored !== undefined, replaced };
}
