import { type Kysely, sql } from "kysely";
import { filesOfApplicant } from "../messages.ts";
import type { Database } from "../schema.ts";
import type { RunTransaction } from "../write-transaction.ts";

const addressOf = (email: string) => email.trim().toLowerCase();

/** The ids of every submission of the address (any case). */
const idsOf = (db: Kysely<Database>, email: string) =>
  db.selectFrom("submissions").select("id").where(sql<string>`lower(email)`, "=", addressOf(email));

/**
 * The statements that erase an applicant: every submission of the address (any case), their
 * deliveries, the messages of their threads and those messages' attachments (notes go with
 * their submission; the messages would too, by their foreign key, but are deleted by name so
 * that nothing hangs on it), and the count of confirmations kept under the address's HMAC, in
 * this order, to run in one transaction. The files of the messages are not rows: read them
 * with `filesToErase` first, and delete them once this has committed.
 */
export function eraseStatements(db: Kysely<Database>, email: string, recipientHash: string) {
  const ids = idsOf(db, email);
  return [
    db.deleteFrom("deliveries").where("submissionId", "in", ids),
    db
      .deleteFrom("messageAttachments")
      .where("messageId", "in", (eb) =>
        eb.selectFrom("applicationMessages").select("id").where("submissionId", "in", ids),
      ),
    db.deleteFrom("applicationMessages").where("submissionId", "in", ids),
    db.deleteFrom("submissions").where(sql<string>`lower(email)`, "=", addressOf(email)),
    db.deleteFrom("confirmationRecipients").where("recipientHash", "=", recipientHash),
  ] as const;
}

/**
 * The files under DATA_DIR (paths relative to it) of an applicant's messages: raw replies and
 * attachments, to delete after `eraseStatements` committed.
 */
export async function filesToErase(db: Kysely<Database>, email: string): Promise<string[]> {
  const rows = await idsOf(db, email).execute();
  return filesOfApplicant(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * Erases an applicant in one transaction (on the handle's write route); says how much went,
 * and which files of their messages are left to delete (relative to DATA_DIR).
 */
export async function eraseApplicant(
  handle: { db: Kysely<Database>; writeTransaction: RunTransaction },
  email: string,
  recipientHash: string,
): Promise<{ submissions: number; deliveries: number; messages: number; files: string[] }> {
  const files = await filesToErase(handle.db, email);
  const [deliveries, , messages, submissions] = await handle.writeTransaction(
    eraseStatements(handle.db, email, recipientHash),
  );
  return {
    submissions: submissions?.affected ?? 0,
    deliveries: deliveries?.affected ?? 0,
    messages: messages?.affected ?? 0,
    files,
  };
}
