import { portalUploads as words } from "#app/content/portal-uploads.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import { teamCutUploadsPath } from "#app/shared/paths.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { cutReserve, uploadOf } from "../db/portal/client-uploads.ts";
import type { Logger } from "../logger.ts";
import { displayName } from "./display-name.ts";
import { mediaTus, refusal, sessionOf } from "./media-tus.ts";
import { expiredRefusal, uploadExpired } from "./upload-expiry.ts";

/** The team member a request's session belongs to (the team feature resolves it). */
export interface CutUploader {
  id: string;
  name: string;
}

/**
 * Cuts in, by the tus protocol, at `/team/cut-uploads` (decision 0091): the team's page of a
 * client's request sends to it with tus-js-client, as a client sends footage. Every request is
 * a team member's: `teamSession` (given by the composition root: the portal never imports the
 * team feature) is asked on every request, and anything without a member is a 401. The
 * `Upload-Metadata` names the client (`client`) and its request (`request`): one that is not
 * that client's is a 404 and nothing is stored. A cut is a row of `client_uploads` with
 * `from_team` 1; it does not count against the client's quota (its size is bounded by it, as
 * the largest file). The same checks as footage: media only (by its first bytes), one request
 * at a time per upload across instances, unfinished ones expire.
 */
export function createCutUploads(deps: {
  config: Pick<Config, "dataDir" | "PORTAL_CLIENT_QUOTA_BYTES" | "PORTAL_UPLOAD_EXPIRY_HOURS">;
  database: DatabaseHandle;
  teamSession: (headers: Headers) => Promise<CutUploader | undefined>;
  logger: Logger;
  now?: () => number;
  /** Told when a cut's last byte is stored (the version job may run at once). */
  onFinished?: () => void;
}) {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const member = sessionOf(deps.teamSession);
  const { server, handle } = mediaTus({
    path: teamCutUploadsPath,
    what: "cut upload",
    dataDir: config.dataDir,
    maxSize: config.PORTAL_CLIENT_QUOTA_BYTES,
    database,
    logger: deps.logger,
    now,
    onFinished: deps.onFinished,
    hooks: {
      async onIncomingRequest(request, id) {
        await member(request);
        if (request.headers.has("upload-checksum")) throw refusal(400, words.checksum);
        if (request.method === "POST") return;
        const upload = id ? await uploadOf(database, id) : undefined;
        if (!upload) throw refusal(404, "Not found");
        const row = await database.db
          .selectFrom("clientUploads")
          .select("fromTeam")
          .where("id", "=", upload.id)
          .executeTakeFirst();
        if (Number(row?.fromTeam) !== 1) throw refusal(404, "Not found");
        if (uploadExpired(upload, now(), config.PORTAL_UPLOAD_EXPIRY_HOURS)) throw expiredRefusal;
      },
      async onUploadCreate(request, upload) {
        const who = await member(request);
        if (upload.size === undefined) throw refusal(400, "Upload-Length is required");
        const clientId = upload.metadata?.client?.toLowerCase() ?? "";
        const requestId = upload.metadata?.request?.toLowerCase() ?? "";
        if (!uuidPattern.test(clientId) || !uuidPattern.test(requestId)) {
          throw refusal(400, "Upload-Metadata must name the client and the request");
        }
        const name = displayName(upload.metadata?.filename);
        const reserved = await cutReserve(database, {
          id: upload.id,
          clientId,
          requestId,
          displayName: name,
          size: upload.size,
          now: now(),
        });
        if (!reserved) throw refusal(404, "No such request");
        return {
          metadata: { client: clientId, request: requestId, filename: name, member: who.id },
        };
      },
    },
  });
  return {
    handle,
    /** The member who sent a cut (kept in its tus record), if known. */
    async uploadedBy(id: string): Promise<string | null> {
      try {
        return (await server.datastore.getUpload(id)).metadata?.member ?? null;
      } catch {
        return null;
      }
    },
  };
}
