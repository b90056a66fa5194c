import type { DatabaseHandle } from "../database.ts";

const day = 24 * 60 * 60 * 1000;

/** The time before which applications are purged, or null when they are kept forever. */
export function retentionCutoff(retentionDays: number, now = Date.now()): number | null {
  return retentionDays === 0 ? null : now - retentionDays * day;
}

/**
 * Deletes the applications received before `cutoff` and their deliveries, `batch` at a time
 * (short statements: the server keeps taking applications meanwhile). Returns what it deleted.
 */
export async function purgeExpired(
  handle: DatabaseHandle,
  cutoff: number,
  batch = 500,
): Promise<{ applications: number; deliveries: number }> {
  const purged = { applications: 0, deliveries: 0 };
  for (;;) {
    const rows = await handle.db
      .selectFrom("submissions")
      .select("id")
      .where("createdAt", "<", cutoff)
      .orderBy("createdAt")
      .limit(batch)
      .execute();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return purged;
    const deliveries = await handle.write(
      handle.db.deleteFrom("deliveries").where("submissionId", "in", ids).returning("id"),
    );
    const applications = await handle.write(
      handle.db.deleteFrom("submissions").where("id", "in", ids).returning("id"),
    );
    purged.deliveries += deliveries.length;
    purged.applications += applications.length;
    if (ids.length < batch) return purged;
  }
}

/**
/**
 * Forgets the confirmation counts once they no longer count: recipients granted more than 24
 * hours ago, and the hour counters of earlier days. Returns how many rows it deleted.
 */
export async function purgeConfirmationCounts(
  handle: DatabaseHandle,
  now = Date.now(),
): Promise<number> {
  const recipients = await handle.write(
    handle.db
      .deleteFrom("confirmationRecipients")
      .where("sentAt", "<=", now - day)
      .returning("recipientHash"),
  );
  const hours = await handle.write(
    handle.db
      .deleteFrom("confirmationHours")
      .where("hour", "<", Math.floor((now - day) / (60 * 60 * 1000)))
      .returning("hour"),
  );
  return recipients.length + hours.length;
}
