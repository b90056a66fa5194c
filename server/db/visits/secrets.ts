import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../database.ts";

type Handle = Pick<DatabaseHandle, "db" | "write">;

/**
 * The secret of a UTC day (days since the epoch): made by the first instance that needs it
 * (random, 32 bytes; only one insert wins when two race), then read by all.
 */
export async function daySecret(handle: Handle, day: number): Promise<string> {
  await handle.write(
    handle.db
      .insertInto("visitSecrets")
      .values({ day, secret: randomBytes(32).toString("base64url") })
      .onConflict((oc) => oc.column("day").doNothing()),
  );
  const row = await handle.db
    .selectFrom("visitSecrets")
    .select("secret")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.secret;
}
