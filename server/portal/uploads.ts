import { portalUploads as words } from "#app/content/portal-uploads.ts";
import { portalPaths } from "#app/shared/paths.ts";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import { fill } from "#app/shared/text.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { requestOfClient } from "../db/portal/client-requests.ts";
import { uploadOf, uploadReserve } from "../db/portal/client-uploads.ts";
import type { Logger } from "../logger.ts";
import { displayName } from "./display-name.ts";
import { mediaTus, refusal, sessionOf } from "./media-tus.ts";
import { expiredRefusal, uploadExpired, uploadExpiryJob } from "./upload-expiry.ts";

/**
 * Footage in, by the tus protocol (@tus/server over @tus/file-store under DATA_DIR/media): the
 * page of a request (`/portal/requests/:id`) sends to it with tus-js-client. Every request is
 * a signed-in person's (the portal's session, checked again here), and an upload is reached only by the people of the client that
 * created it (anyone else: 404, as if it did not exist). An upload's whole length is counted
 * against the client's quota when it is created (PORTAL_CLIENT_QUOTA_BYTES; over it: 413,
 * nothing stored); a length sent later (Upload-Defer-Length) is refused. Files are named by a
 * random id, never by a name a user gave. Its `Upload-Metadata` names the request it is footage
 * for (`request`: one of the person's client's requests, else 404 and nothing stored) and the
 * file's name (`filename`: cleaned and bounded, kept as a display name only); nothing else of it
 * is kept.
 */
export function createUploads(deps: {
  config: Pick<
    Config,
    | "dataDir"
    | "PORTAL_CLIENT_QUOTA_BYTES"
    | "PORTAL_UPLOAD_EXPIRY_HOURS"
    | "PORTAL_OPEN_UPLOADS_MAX"
  >;
  database: DatabaseHandle;
  session: (headers: Headers) => Promise<PortalPerson | undefined>;
  logger: Logger;
  now?: () => number;
  /** How long a request asked to let go of an upload's lock has to end (tus: 3 s; tests). */
  lockDrainMs?: number;
  /** How often a lock's holder renews it and hears of a waiter on another instance (tests). */
  lockRenewMs?: number;
}) {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const signedIn = sessionOf(deps.session);
  const { server, store, locker, handle } = mediaTus({
    path: portalPaths.uploads,
    what: "upload",
    dataDir: config.dataDir,
    maxSize: config.PORTAL_CLIENT_QUOTA_BYTES,
    database,
    logger: deps.logger,
    now,
    lockDrainMs: deps.lockDrainMs,
    lockRenewMs: deps.lockRenewMs,
    hooks: {
      async onIncomingRequest(request, id) {
        const person = await signedIn(request);
        // The checksum extension is not offered (OPTIONS does not list it): bytes that come with
        // a checksum the server would not check are refused rather than taken unchecked.
        if (request.headers.has("upload-checksum")) throw refusal(400, words.checksum);
        if (request.method === "POST") return;
        const upload = id ? await uploadOf(database, id) : undefined;
        if (!upload || upload.clientId !== person.clientId) throw refusal(404, "Not found");
        if (uploadExpired(upload, now(), config.PORTAL_UPLOAD_EXPIRY_HOURS)) throw expiredRefusal;
      },
      async onUploadCreate(request, upload) {
        const person = await signedIn(request);
        if (upload.size === undefined) throw refusal(400, "Upload-Length is required");
        const requestId = upload.metadata?.request;
        if (!requestId) throw refusal(400, "Upload-Metadata must name the request (request)");
        if (!(await requestOfClient(database, person.clientId, requestId))) {
          throw refusal(404, "No such request");
        }
        const name = displayName(upload.metadata?.filename);
        const reserved = await uploadReserve(
          database,
          {
            id: upload.id,
            clientId: person.clientId,
            personId: person.personId,
            requestId,
            displayName: name,
            size: upload.size,
            now: now(),
          },
          { quota: config.PORTAL_CLIENT_QUOTA_BYTES, openMax: config.PORTAL_OPEN_UPLOADS_MAX },
        );
        if (reserved === "quota") throw refusal(413, "This upload would go over the storage quota");
        if (reserved === "open") {
          throw refusal(429, fill(words.tooManyOpen, { max: config.PORTAL_OPEN_UPLOADS_MAX }));
        }
        // The tus record beside the file keeps the cleaned name only, and no other key.
        return { metadata: { request: requestId, filename: name } };
      },
    },
  });
  return {
    /** tus on `request`; a PATCH's body read from `incoming`, its Node request, when given. */
    handle,
    jobs: [
      uploadExpiryJob({
        database,
        locker,
        discard: (id) => store.discard(id),
        expiryHours: config.PORTAL_UPLOAD_EXPIRY_HOURS,
        now,
        logger: deps.logger,
      }),
    ],
    /** The bytes stored so far of an upload (0 when its file is gone). */
    async received(id: string): Promise<number> {
      try {
        return (await server.datastore.getUpload(id)).offset;
      } catch {
        return 0;
      }
    },
  };
}
