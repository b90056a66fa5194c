import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../db/database.ts";

/**
 * A cut of a request the client approved, as the review's storage keeps it (0031: an upload
 * from the team, version `number`, decision "approved"): the version's id. The review's pages
 * are built elsewhere; the schedule needs only this state.
 */
export async function approvedVersion(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
  options: { number?: number; decision?: "approved" | "changes" | null; at?: number } = {},
): Promise<string> {
  const uploadId = randomUUID();
  const id = randomUUID();
  const at = options.at ?? Date.now();
  await database.writeTransaction([
    database.db.insertInto("clientUploads").values({
      id: uploadId,
      clientId: owner.clientId,
      personId: null,
      requestId: owner.requestId,
      displayName: "cut.mp4",
      size: 1000,
      createdAt: at - 1000,
      completedAt: at,
      fromTeam: 1,
    }),
    database.db.insertInto("requestVersions").values({
      id,
      requestId: owner.requestId,
      clientId: owner.clientId,
      number: options.number ?? 1,
      uploadId,
      createdBy: null,
      createdAt: at,
      decision: options.decision === undefined ? "approved" : options.decision,
      decidedAt: options.decision === null ? null : at,
      decidedBy: null,
    }),
  ]);
  return id;
}
