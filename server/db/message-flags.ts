import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

type Db = Kysely<Database>;

/**
 * What matching by proof reads of the recorded messages, and what a member does with a message
 * flagged as from another address (0014_message_flags, decision 0063). Knows no callers.
 */

/** The application a message we sent (a reply from the inbox, by its row id) belongs to. */
export async function applicationOfSentMessage(db: Db, rowId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("applicationMessages")
    .select("submissionId")
    .where("id", "=", rowId)
    .where("direction", "=", "out")
    .executeTakeFirst();
  return row?.submissionId ?? undefined;
}

/** True when one of these Message-IDs is one we sent (recorded, direction out). */
export async function isSentMessageId(db: Db, messageIds: readonly string[]): Promise<boolean> {
  if (messageIds.length === 0) return false;
  const row = await db
    .selectFrom("applicationMessages")
    .select("id")
    .where("direction", "=", "out")
    .where("messageId", "in", messageIds.slice(0, 100))
    .executeTakeFirst();
  return row !== undefined;
}

/** The applicant's address of an application; undefined when it is not there (erased). */
export async function applicantAddress(db: Db, applicationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("submissions")
    .select("email")
    .where("id", "=", applicationId)
    .executeTakeFirst();
  return row?.email;
}

/** A message of theirs in `submissionId`'s thread, flagged as from another address. */
export function flaggedSenderMessage(db: Db, applicationId: string, messageId: string) {
  return db
    .selectFrom("applicationMessages")
    .select(["id", "flag"])
    .where("id", "=", messageId)
    .where("submissionId", "=", applicationId)
    .where("direction", "=", "in")
    .where("flag", "=", "sender")
    .executeTakeFirst();
}

/** A member confirmed it is the applicant's: a reply like any other (only once). */
export const senderConfirmUpdate = (db: Db, applicationId: string, messageId: string) =>
  db
    .updateTable("applicationMessages")
    .set({ flag: null })
    .where("id", "=", messageId)
    .where("submissionId", "=", applicationId)
    .where("direction", "=", "in")
    .where("flag", "=", "sender");

/** A member says it is not the applicant's: out of the thread, into Unmatched (only once). */
export const toUnmatchedUpdate = (db: Db, applicationId: string, messageId: string) =>
  db
    .updateTable("applicationMessages")
    .set({ submissionId: null, flag: null })
    .where("id", "=", messageId)
    .where("submissionId", "=", applicationId)
    .where("direction", "=", "in")
    .where("flag", "=", "sender");
