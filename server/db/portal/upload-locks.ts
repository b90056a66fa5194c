import type { DatabaseHandle } from "../database.ts";

type Handle = Pick<DatabaseHandle, "db" | "write">;

/**
 * The tus lock of an upload across instances (decision 0083): a lease row taken by
 * compare-and-set. `holder` takes it when nobody holds it or the last lease has run out (its
 * holder crashed or froze): one INSERT … ON CONFLICT DO UPDATE … WHERE expires_at <= now, so
 * of two instances asking at once exactly one gets the row. True when taken.
 */
export async function lockTake(
  { db, write }: Handle,
  lock: { uploadId: string; holder: string; now: number; leaseMs: number },
): Promise<boolean> {
  const expiresAt = lock.now + lock.leaseMs;
  const rows = await write(
    db
      .insertInto("uploadLocks")
      .values({ uploadId: lock.uploadId, holder: lock.holder, expiresAt, releaseAskedAt: null })
      .onConflict((conflict) =>
        conflict
          .column("uploadId")
          .doUpdateSet({ holder: lock.holder, expiresAt, releaseAskedAt: null })
          .where("uploadLocks.expiresAt", "<=", lock.now),
      )
      .returning("holder"),
  );
  return rows.length === 1;
}

/** Asks whoever holds an upload's lock to let go (they see it when they renew). */
export async function lockAskRelease({ db, write }: Handle, uploadId: string, now: number) {
  await write(
    db
      .updateTable("uploadLocks")
      .set({ releaseAskedAt: now })
      .where("uploadId", "=", uploadId)
      .where("releaseAskedAt", "is", null),
  );
}

/**
 * Pushes the lease of `holder` on to now + leaseMs: "held" (and whether someone asked for the
 * lock meanwhile), or "lost" when the row is another holder's or gone (the lease ran out and was
 * taken).
 */
export async function lockRenew(
  { db, write }: Handle,
  lock: { uploadId: string; holder: string; now: number; leaseMs: number },
): Promise<{ held: false } | { held: true; releaseAsked: boolean }> {
  const rows = await write(
    db
      .updateTable("uploadLocks")
      .set({ expiresAt: lock.now + lock.leaseMs })
      .where("uploadId", "=", lock.uploadId)
      .where("holder", "=", lock.holder)
      .returning("releaseAskedAt"),
  );
  const row = rows[0];
  return row ? { held: true, releaseAsked: row.releaseAskedAt !== null } : { held: false };
}

/** Lets go of an upload's lock, if `holder` still holds it (never another's). */
export async function lockRelease({ db, write }: Handle, uploadId: string, holder: string) {
  await write(
    db.deleteFrom("uploadLocks").where("uploadId", "=", uploadId).where("holder", "=", holder),
  );
}

/** Deletes the locks whose lease ended before `before` (left by instances that stopped). */
export async function locksPurge({ db, write }: Handle, before: number) {
  await write(db.deleteFrom("uploadLocks").where("expiresAt", "<", before));
}
