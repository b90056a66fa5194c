import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * A secret shared by every instance using this database: made once (random, 32 bytes) by the
 * first instance to ask, then read by all. Concurrent first starts agree: only one insert wins.
 */
export async function sharedSecret(db: Kysely<Database>, key: string): Promise<string> {
  await db
    .insertInto("settings")
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return row.value;
}
