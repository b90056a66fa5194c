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

/** A setting's value, if it is there. */
export async function readSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

/** Deletes a setting (the statement: run it on the handle's write route). */
export function deleteSetting(db: Kysely<Database>, key: string) {
  return db.deleteFrom("settings").where("key", "=", key);
}

/** Writes a setting, replacing what was there (the statement, for the write route). */
export function replaceSetting(db: Kysely<Database>, key: string, value: string) {
  return db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }));
}

/** Writes a setting unless one is there (the statement, for the write route). */
export function offerSetting(db: Kysely<Database>, key: string, value: string) {
  return db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing());
}
