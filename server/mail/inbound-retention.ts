import type { DatabaseHandle } from "../db/database.ts";
import { storedMessageIds, unmatchedPurge } from "../db/received-messages.ts";
import { sweepInboundFiles } from "./inbound-files.ts";

/** A message being stored has its files for this long before its row: never swept. */
const graceMs = 60 * 60 * 1000;

/**
 * Retention of the messages that came in (hourly, with the applications'): the unmatched ones
 * received before `cutoff` are deleted, and the files of every message without a row any more
 * (its application purged or erased, or deleted from the Unmatched page). How many messages'
 * files went.
 */
export async function purgeInbound(
  database: Pick<DatabaseHandle, "db" | "write">,
  dataDir: string,
  cutoff: number,
): Promise<number> {
  await database.write(unmatchedPurge(database.db, cutoff));
  return sweepInboundFiles(dataDir, (ids) => storedMessageIds(database.db, ids), { graceMs });
}
