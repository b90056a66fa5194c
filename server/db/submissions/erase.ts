import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";
import type { RunTransaction } from "../write-transaction.ts";

/**
 * The statements that erase an applicant: every submission of the address (any case) and
 * their deliveries (notes go with their submission), and the count of confirmations kept under
 * the address's HMAC, in this order, to run in one transaction.
 */
export function eraseStatements(db: Kysely<Database>, email: string, recipientHash: string) {
  const address = email.trim().toLowerCase();
  const ids = db
    .selectFrom("submissions")
    .select("id")
    .where(sql<string>`lower(email)`, "=", address);
  return [
    db.deleteFrom("deliveries").where("submissionId", "in", ids),
    db.deleteFrom("submissions").where(sql<string>`lower(email)`, "=", address),
    db.deleteFrom("confirmationRecipients").where("recipientHash", "=", recipientHash),
  ] as const;
}

/** Erases an applicant in one transaction (on the handle's write route); says how much went. */
export async function eraseApplicant(
  handle: { db: Kysely<Database>; writeTransaction: RunTransaction },
  email: string,
  recipientHash: string,
): Promise<{ submissions: number; deliveries: number }> {
  const [deliveries, submissions] = await handle.writeTransaction(
    eraseStatements(handle.db, email, recipientHash),
  );
  return { submissions: submissions?.affected ?? 0, deliveries: deliveries?.affected ?? 0 };
}
