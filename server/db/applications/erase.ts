import { type Compilable, type ExpressionBuilder, type Kysely, sql } from "kysely";
import { filesOfApplicant, unmatchedOfAddress } from "../messages.ts";
import type { Database } from "../schema.ts";
import type { RunTransaction } from "../write-transaction.ts";

const addressOf = (email: string) => email.trim().toLowerCase();

/** The ids of every application of the address (any case). */
const idsOf = (db: Kysely<Database>, email: string) =>
  db.selectFrom("submissions").select("id").where(sql<string>`lower(email)`, "=", addressOf(email));

/**
 * What an erase reads before it deletes: the files under DATA_DIR (paths relative to it) of
 * the applicant's messages, raw replies and attachments, to delete after `eraseStatements`
 * committed; and `unmatched`, the ids of the messages that matched no application and came
 * from or went to their address (their mail that found no thread is theirs too).
 */
export async function toErase(
  db: Kysely<Database>,
  email: string,
): Promise<{ files: string[]; unmatched: string[] }> {
  const [rows, unmatched] = await Promise.all([
    idsOf(db, email).execute(),
    unmatchedOfAddress(db, email),
  ]);
  const files = await filesOfApplicant(
    db,
    rows.map((row) => row.id),
    unmatched,
  );
  return { files, unmatched };
}

/**
 * The statements that erase an applicant: every application of the address (any case), their
 * deliveries, the messages of their threads and the `unmatched` messages of their address
 * (read by `toErase`) with those messages' attachments (notes go with their application; the
 * messages would too, by their foreign key, but are deleted by name so that nothing hangs on
 * it), and the count of confirmations kept under the address's HMAC, in this order, to run in
 * one transaction. The files of the messages are not rows: read them with `toErase` first,
 * and delete them once this has committed.
 */
export function eraseStatements(
  db: Kysely<Database>,
  email: string,
  recipientHash: string,
  unmatched: readonly string[] = [],
) {
  const ids = idsOf(db, email);
  // An id that is never a message's: `in ()` is not SQL.
  const strays = unmatched.length > 0 ? [...unmatched] : [""];
  const theirs = (eb: ExpressionBuilder<Database, "applicationMessages">) =>
    eb.or([
      eb("submissionId", "in", ids),
      eb.and([eb("submissionId", "is", null), eb("id", "in", strays)]),
    ]);
  return [
    db.deleteFrom("deliveries").where("submissionId", "in", ids),
    db
      .deleteFrom("messageAttachments")
      .where("messageId", "in", (eb) =>
        eb.selectFrom("applicationMessages").select("id").where(theirs),
      ),
    db.deleteFrom("applicationMessages").where(theirs),
    db.deleteFrom("submissions").where(sql<string>`lower(email)`, "=", addressOf(email)),
    db.deleteFrom("confirmationRecipients").where("recipientHash", "=", recipientHash),
  ] as const;
}

/**
 * Erases an applicant in one transaction (on the handle's write route), with `also` (say, the
 * audit line of who erased them) in the same transaction first; says how much went, and which
 * files of their messages are left to delete (relative to DATA_DIR).
 */
export async function eraseApplicant(
  handle: { db: Kysely<Database>; writeTransaction: RunTransaction },
  email: string,
  recipientHash: string,
  also: readonly Compilable[] = [],
): Promise<{ applications: number; deliveries: number; messages: number; files: string[] }> {
  const { files, unmatched } = await toErase(handle.db, email);
  const [deliveries, attachments, messages, applications, confirmations] = eraseStatements(
    handle.db,
    email,
    recipientHash,
    unmatched,
  );
  const results = await handle.writeTransaction([
    ...also,
    deliveries,
    attachments,
    messages,
    applications,
    confirmations,
  ]);
  // Each statement's result by its name: `also` comes first.
  const affected = (index: number) => results[also.length + index]?.affected ?? 0;
  return {
    deliveries: affected(0),
    messages: affected(2),
    applications: affected(3),
    files,
  };
}
