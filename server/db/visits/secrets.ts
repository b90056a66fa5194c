import type { DatabaseHandle } from "../database.ts";

type Handle = Pick<DatabaseHandle, "db" | "write">;

/**
 * The sealed secret of a UTC day (days since the epoch): `sealed` is stored unless the day has
 * one already (only one insert wins when instances race), then the day's is read and returned.
 */
export async function sealedDaySecret(handle: Handle, day: number, sealed: string) {
  await handle.write(
    handle.db
      .insertInto("visitSecrets")
      .values({ day, sealed })
      .onConflict((oc) => oc.column("day").doNothing()),
  );
  const row = await handle.db
    .selectFrom("visitSecrets")
    .select("sealed")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.sealed;
}

/** Deletes a day's sealed secret if it is still `sealed` (one that no key here opens). */
export function deleteDaySecret(handle: Handle, day: number, sealed: string) {
  return handle.write(
    handle.db.deleteFrom("visitSecrets").where("day", "=", day).where("sealed", "=", sealed),
  );
}
