import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

let sequence = 0;
/** Audit ids sort by time, then by order within this process (the log reads newest first). */
function auditId(now: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(now).padStart(15, "0")}-${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}`;
}

export interface AuditLine {
  /** The application acted on (kept after it is erased), or null for a member's own act. */
  applicationId: string | null;
  memberEmail: string;
  action: string;
  detail?: string;
  now: number;
}

/** The row of one audit line, with its id. */
export function auditLineRow(line: AuditLine) {
  return {
    id: auditId(line.now),
    submissionId: line.applicationId,
    memberEmail: line.memberEmail,
    action: line.action,
    detail: line.detail ?? "",
    createdAt: line.now,
  };
}

/** The insert of one audit line (who, what, when), to run in the action's transaction. */
export function auditLineInsert(db: Kysely<Database>, line: AuditLine) {
  return db.insertInto("teamAuditLog").values(auditLineRow(line));
}

/** An application's audit log, newest first (the last `limit` lines). */
export async function auditOf(db: Kysely<Database>, applicationId: string, limit = 200) {
  const rows = await db
    .selectFrom("teamAuditLog")
    .select(["id", "memberEmail", "action", "detail", "createdAt"])
    .where("submissionId", "=", applicationId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}
