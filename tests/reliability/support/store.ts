import { type DatabaseHandle, openDatabase } from "../../../server/db/database.ts";
import { sharedSecret } from "../../../server/db/settings.ts";
import { messageId } from "../../../server/delivery/messages.ts";
import { scheduledKindNames } from "../../../server/test/stored.ts";

/** A connection of the test's own to an instance's database (SQLite file or PostgreSQL). */
export function openStore(instance: {
  env: Record<string, string>;
  dataDir: string;
}): DatabaseHandle {
  return openDatabase({
    DATABASE_URL: instance.env.DATABASE_URL || undefined,
    dataDir: instance.dataDir,
  });
}

/**
 * Deliveries by status, e.g. { pending: 3, done: 10 }: of one kind, or else all those an
 * application makes when it arrives (not the promise's reminder and alert, pending for hours
 * until its due time comes).
 */
export async function deliveryStatuses(
  handle: DatabaseHandle,
  kind?: string,
): Promise<Record<string, number>> {
  const rows = await handle.db
    .selectFrom("deliveries")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .$if(kind !== undefined, (query) => query.where("kind", "=", kind as string))
    .$if(kind === undefined, (query) => query.where("kind", "not in", scheduledKindNames))
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** The ids of every stored application. */
export async function storedIds(handle: DatabaseHandle): Promise<Set<string>> {
  const rows = await handle.db.selectFrom("submissions").select("id").execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The Message-IDs the product gives an application's emails (`team`, `confirmation`): tagged
 * under the instance's secret, read from its database (decision 0063).
 */
export async function productMessageIds(database: DatabaseHandle) {
  const secret = await sharedSecret(database.db, "reply_tag_secret");
  return (id: string, kind: "team" | "confirmation") =>
    messageId(id, kind, "no-reply@reelsmith.example", secret);
}
