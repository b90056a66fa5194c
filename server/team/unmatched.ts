import type { Compilable } from "kysely";
import { team } from "#app/content/team.ts";
import { applicationIdIn } from "#app/shared/application-reference.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import type { MessageFilesPort } from "#app/shared/message-files-port.ts";
import type { ActionOutcome, TeamMember } from "#app/shared/team-port.ts";
import type { UnmatchedPort } from "#app/shared/unmatched-port.ts";
import { applicationsNamed } from "../db/applications/applications-named.ts";
import { auditLineInsert } from "../db/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  attachmentById,
  attachToApplication,
  messageById,
  newReplyUpdate,
  unmatchedCount,
  unmatchedDelete,
  unmatchedPage,
  unmatchedShown,
} from "../db/messages.ts";
import { applicationExists } from "../db/received-messages.ts";
import type { RunTransaction } from "../db/write-transaction.ts";
import { readInboundFile, removeMessageFiles } from "../mail/inbound-files.ts";
import { messageCursorText, parseMessageCursor } from "./message-cursor.ts";
import { threadMessageOf } from "./thread-message.ts";

const copy = team.unmatched.done;

/**
 * The Unmatched page's side: replies that matched no application, and what members do with
 * them. Attaching gives one to an application (its thread, and "New reply"); deleting removes
 * it and its files. Each with its audit line, in one transaction; either only once (a message
 * attached or deleted meanwhile is "gone").
 */
export function createUnmatched(deps: {
  database: Pick<DatabaseHandle, "db" | "dialect">;
  transaction: RunTransaction;
  dataDir: string;
}): UnmatchedPort & MessageFilesPort {
  const { database, transaction, dataDir } = deps;
  const { db } = database;

  return {
    async unmatched(page = {}) {
      const before = parseMessageCursor(page.before);
      const [found, total] = await Promise.all([unmatchedPage(db, { before }), unmatchedCount(db)]);
      return {
        messages: found.messages.map(threadMessageOf),
        total,
        next: found.more ? messageCursorText(found.more) : undefined,
        later: before !== undefined,
      };
    },

    async unmatchedMessage(id) {
      if (!uuidPattern.test(id)) return undefined;
      const row = await unmatchedShown(db, id.toLowerCase());
      return row ? threadMessageOf(row) : undefined;
    },

    async applicationsNamed(text) {
      const rows = await applicationsNamed(database, text);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        receivedAt: Number(row.createdAt),
        plan: row.selectedPlan,
        spam: Number(row.isSpam) === 1,
      }));
    },

    async actOnUnmatched(
      member: TeamMember,
      messageId: string,
      action: { type: "attach"; applicationId: string } | { type: "delete" },
    ): Promise<ActionOutcome> {
      const now = Date.now();
      const message = uuidPattern.test(messageId)
        ? await messageById(db, messageId.toLowerCase())
        : undefined;
      if (!message || message.submissionId !== null || message.direction !== "in") {
        return { ok: false, error: "not_found", message: copy.gone };
      }
      /** The change, then its audit line naming the message, in one transaction. */
      const audited = (
        audit: { action: string; applicationId: string | null },
        ...statements: Compilable[]
      ) =>
        transaction([
          ...statements,
          auditLineInsert(db, { ...audit, memberEmail: member.email, detail: message.id, now }),
        ]);
      if (action.type === "delete") {
        const [deleted] = await audited(
          { action: "delete-unmatched", applicationId: null },
          unmatchedDelete(db, message.id),
        );
        if ((deleted?.affected ?? 0) === 0)
          return { ok: false, error: "not_found", message: copy.gone };
        await removeMessageFiles(dataDir, message.id);
        return { ok: true, done: "deleteUnmatched", message: copy.deleteUnmatched };
      }
      const applicationId = applicationIdIn(action.applicationId);
      if (!applicationId) return { ok: false, error: "invalid", message: copy.invalidApplication };
      if (!(await applicationExists(db, applicationId))) {
        return { ok: false, error: "invalid", message: copy.noSuchApplication };
      }
      const [attached] = await audited(
        { action: "attach-reply", applicationId: applicationId },
        attachToApplication(db, message.id, applicationId),
        // Mail no person wrote (automatic, ours) never makes a New reply (decision 0063).
        ...(message.flag === null ? [newReplyUpdate(db, applicationId, true)] : []),
      );
      if ((attached?.affected ?? 0) === 0)
        return { ok: false, error: "not_found", message: copy.gone };
      return { ok: true, done: "attachReply", message: copy.attachReply };
    },

    async rawMessage(id: string) {
      if (!uuidPattern.test(id)) return undefined;
      const found = await messageById(db, id.toLowerCase());
      if (!found?.rawFile || found.direction !== "in") return undefined;
      const body = await readInboundFile(dataDir, found.rawFile);
      return body ? { body: new Uint8Array(body) } : undefined;
    },

    async attachment(id: string) {
      if (!uuidPattern.test(id)) return undefined;
      const found = await attachmentById(db, id.toLowerCase());
      if (!found) return undefined;
      const body = await readInboundFile(dataDir, found.file);
      if (!body) return undefined;
      return {
        filename: found.filename,
        contentType: found.contentType,
        body: new Uint8Array(body),
      };
    },
  };
}
