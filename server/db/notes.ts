import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The insert of a member's note on an application, to run in the action's transaction. */
export function noteInsert(
  db: Kysely<Database>,
  note: { applicationId: string; authorEmail: string; body: string; now: number },
) {
  return db.insertInto("applicationNotes").values({
    id: randomUUID(),
    submissionId: note.applicationId,
    authorEmail: note.authorEmail,
    body: note.body,
    createdAt: note.now,
  });
}

/** An application's notes, newest first. */
export async function notesOf(db: Kysely<Database>, applicationId: string) {
  const rows = await db
    .selectFrom("applicationNotes")
    .select(["id", "authorEmail", "body", "createdAt"])
    .where("submissionId", "=", applicationId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}
