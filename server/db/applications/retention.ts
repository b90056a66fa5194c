import type { ExpressionBuilder } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { Database } from "../schema.ts";

const day = 24 * 60 * 60 * 1000;

/**
 * Not an application a client was made from (decision 0102): asked in the select and again in
 * each delete, so that an invite landing between them keeps its application.
 */
const notAClients =
  (column: "submissions.id" | "deliveries.submissionId") =>
  (eb: ExpressionBuilder<Database, "submissions" | "deliveries">) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("clients")
          .select("clients.id")
          .whereRef("clients.applicationId", "=", eb.ref(column)),
      ),
    );

/** The time before which applications are purged, or null when they are kept forever. */
export function retentionCutoff(retentionDays: number, now = Date.now()): number | null {
  return retentionDays === 0 ? null : now - retentionDays * day;
}

/**
 * Deletes the applications received before `cutoff` and their deliveries, `batch` at a time
 * (short statements: the server keeps taking applications meanwhile). Returns what it deleted.
 *
 * Not the application a client was made from, for as long as the client is: its people's
 * emails (invites, cuts ready, comments, posts) are its deliveries, and the team keeps the
 * client's first thread. The same hold as an erase's (decision 0088, 0102); once the client is
 * erased, its application goes with the next purge.
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
      .where(notAClients("submissions.id"))
      .orderBy("createdAt")
      .limit(batch)
      .execute();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return purged;
    const deliveries = await handle.write(
      handle.db
        .deleteFrom("deliveries")
        .where("submissionId", "in", ids)
        .where(notAClients("deliveries.submissionId"))
        .returning("id"),
    );
    const applications = await handle.write(
      handle.db
        .deleteFrom("submissions")
        .where("id", "in", ids)
        .where(notAClients("submissions.id"))
        .returning("id"),
    );
    purged.deliveries += deliveries.length;
    purged.applications += applications.length;
    if (ids.length < batch) return purged;
  }
}

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
