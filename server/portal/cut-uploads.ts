import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { EVENTS, Server } from "@tus/server";
import { portalUploads as words } from "#app/content/portal-uploads.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import { teamCutUploadsPath } from "#app/shared/paths.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { cutReserve, uploadCompleted, uploadOf } from "../db/portal/client-uploads.ts";
import type { Logger } from "../logger.ts";
import { displayName } from "./display-name.ts";
import { MediaOnlyFileStore } from "./media-only-store.ts";
import { readPatchBodiesFromNode } from "./node-body.ts";
import { answerOwnFailures } from "./upload-errors.ts";
import { expiredRefusal, uploadExpired } from "./upload-expiry.ts";
import { databaseLocker } from "./upload-locker.ts";

/** The team member a request's session belongs to (the team feature resolves it). */
export interface CutUploader {
  id: string;
  name: string;
}

const refusal = (status_code: number, body: string) => ({ status_code, body: `${body}\n` });

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
  const directory = path.join(config.dataDir, "media");
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const member = async (request: Request) => {
    const found = await deps.teamSession(request.headers);
    if (!found) throw refusal(401, "Sign in first");
    return found;
  };
  const store = new MediaOnlyFileStore({ directory, database });
  const locker = databaseLocker({
    database,
    onError: (error) => deps.logger.warn({ err: error }, "cut upload lock not renewed"),
  });
  const server = new Server({
    path: teamCutUploadsPath,
    datastore: store,
    locker,
    onResponseError: answerOwnFailures(deps.logger),
    maxSize: config.PORTAL_CLIENT_QUOTA_BYTES,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
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
      return { metadata: { client: clientId, request: requestId, filename: name, member: who.id } };
    },
    async onUploadFinish(_request, upload) {
      await store.checkFinished(upload.id);
      await database.write(uploadCompleted(database.db, upload.id, now()));
      deps.onFinished?.();
      return {};
    },
  });
  const tus = readPatchBodiesFromNode(server);
  server.on(EVENTS.POST_TERMINATE, (_request, _response, id) => {
    database
      .write(database.db.deleteFrom("clientUploads").where("id", "=", id))
      .catch((error) => deps.logger.error({ err: error }, "terminated cut's row not deleted"));
  });
  return {
    handle: (request: Request, incoming?: IncomingMessage) => tus.handle(request, incoming),
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
