import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { EVENTS, Server, type ServerOptions } from "@tus/server";
import type { DatabaseHandle } from "../db/database.ts";
import { uploadCompleted } from "../db/portal/client-uploads.ts";
import type { Logger } from "../logger.ts";
import { MediaOnlyFileStore } from "./media-only-store.ts";
import { readPatchBodiesFromNode } from "./node-body.ts";
import { answerOwnFailures } from "./upload-errors.ts";
import { databaseLocker } from "./upload-locker.ts";

/** What tus answers when a hook refuses a request (its documented error shape). */
export const refusal = (status_code: number, body: string) => ({ status_code, body: `${body}\n` });

/** Who a request's session belongs to (asked of `session`), else tus's 401. */
export const sessionOf =
  <Who>(session: (headers: Headers) => Promise<Who | undefined>) =>
  async (request: Request): Promise<Who> => {
    const who = await session(request.headers);
    if (!who) throw refusal(401, "Sign in first");
    return who;
  };

/**
 * A tus endpoint at `path` storing under DATA_DIR/media (decision 0083): media only, by its
 * first bytes; one request at a time per upload across the instances sharing the folder (the
 * database's locks); files named by a random id, never by a name a user gave; at most `maxSize`
 * bytes. `hooks` say who may send and what an upload is; a finished upload is checked whole and
 * its row completed (then `onFinished`), a terminated one's row deleted. `what` names an upload
 * here in the log.
 */
export function mediaTus(deps: {
  path: string;
  what: string;
  dataDir: string;
  maxSize: number;
  database: DatabaseHandle;
  logger: Logger;
  now: () => number;
  hooks: Pick<ServerOptions, "onIncomingRequest" | "onUploadCreate">;
  onFinished?: () => void;
  /** How long a request asked to let go of an upload's lock has to end (tus: 3 s; tests). */
  lockDrainMs?: number;
  /** How often a lock's holder renews it and hears of a waiter on another instance (tests). */
  lockRenewMs?: number;
}) {
  const { database, logger } = deps;
  const directory = path.join(deps.dataDir, "media");
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const store = new MediaOnlyFileStore({ directory, database });
  const locker = databaseLocker({
    database,
    renewEveryMs: deps.lockRenewMs,
    onError: (error) => logger.warn({ err: error }, `${deps.what} lock not renewed`),
  });
  const server = new Server({
    path: deps.path,
    datastore: store,
    locker,
    lockDrainTimeout: deps.lockDrainMs,
    onResponseError: answerOwnFailures(logger),
    maxSize: deps.maxSize,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    ...deps.hooks,
    async onUploadFinish(_request, upload) {
      await store.checkFinished(upload.id);
      await database.write(uploadCompleted(database.db, upload.id, deps.now()));
      deps.onFinished?.();
      return {};
    },
  });
  const tus = readPatchBodiesFromNode(server);
  // A terminated upload (DELETE) frees its place in the quota.
  server.on(EVENTS.POST_TERMINATE, (_request, _response, id) => {
    database
      .write(database.db.deleteFrom("clientUploads").where("id", "=", id))
      .catch((error) => logger.error({ err: error }, `terminated ${deps.what}'s row not deleted`));
  });
  return {
    server,
    store,
    locker,
    /** tus on `request`; a PATCH's body read from `incoming`, its Node request, when given. */
    handle: (request: Request, incoming?: IncomingMessage) => tus.handle(request, incoming),
  };
}
