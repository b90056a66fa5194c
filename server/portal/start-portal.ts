import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { PortalPerson, PortalPort } from "#app/shared/portal-port.ts";
import type { BackgroundJob } from "../background/job.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { expiredDeletes } from "../db/portal/client-sessions.ts";
import { clientById } from "../db/portal/clients.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { findMediaTools } from "../media/tools.ts";
import { createPortalAccess } from "./access.ts";
import { createClients, type TeamClients } from "./clients.ts";
import { clientFootageFile, footageSummaries } from "./footage.ts";
import { footageNoticeJob } from "./footage-notice-job.ts";
import { portalGuard } from "./guard.ts";
import { uploadMediaJob } from "./media-job.ts";
import { mediaOrphansJob } from "./media-orphans.ts";
import { createRequest } from "./new-request.ts";
import { requestPage } from "./request-page.ts";
import { createSchedule, type Schedule } from "./schedule.ts";
import { clientSpace } from "./space.ts";
import { createUploads } from "./uploads.ts";

export interface PortalServer {
  /** Guards every /portal request (guard.ts). */
  guard: ReturnType<typeof portalGuard>;
  /** What the /portal route modules of this request get (the person its guard found, if any). */
  portFor(request: Request): PortalPort;
  /** The tus endpoint (/portal/uploads and below): a signed-in person's uploads. */
  uploads: (request: Request, incoming?: IncomingMessage) => Promise<Response>;
  /** The team's side (/team/clients): the composition root makes its pages' ports of it. */
  clients: TeamClients;
  /** The posting schedule (decision 0094): the composition root gives its team side to members. */
  schedule: Schedule;
  jobs: BackgroundJob[];
  stop(): Promise<void>;
}

/** The client portal's server side (decision 0079), on the shared database, mailer and worker. */
export function startPortal(deps: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  inviteKind: string;
  /** The delivery kinds that tell the owner of finished footage (footage_notice_*, configured). */
  footageNoticeKinds?: readonly string[];
  nudgeWorker: () => void;
  /** After a client's erase: empties the SQLite -wal, as after an applicant's (team's job). */
  afterErase?: () => Promise<void>;
  /** The key feed tokens are derived under (the server's hashing key); tests: a random one. */
  feedKey?: string;
  now?: () => number;
}): PortalServer {
  const { config, database, logger } = deps;
  const now = deps.now ?? Date.now;
  const access = createPortalAccess({ ...deps, now });
  const people = new WeakMap<Request, PortalPerson>();
  const uploads = createUploads({
    config,
    database,
    session: (headers) => access.session(headers),
    logger,
    now,
  });
  const afterAnswer = new WeakMap<Request, (job: () => void) => void>();
  const schedule = createSchedule({
    database,
    feedKey: deps.feedKey ?? randomBytes(32).toString("base64url"),
    siteUrl: config.PUBLIC_SITE_URL,
    now,
  });
  // What a finished upload is (decision 0084): stopping kills the runs of ffmpeg in hand.
  const stopping = new AbortController();
  const media = uploadMediaJob({
    database,
    dataDir: config.dataDir,
    findTools: () => findMediaTools(config),
    logger,
    everyMs: config.MEDIA_POLL_MS,
    limits: { probeMs: 30_000, posterMs: 60_000, previewMs: config.MEDIA_TIMEOUT_MS },
    now,
    signal: stopping.signal,
  });
  return {
    guard: portalGuard({
      origin: new URL(config.PUBLIC_SITE_URL).origin,
      session: (headers) => access.session(headers),
      people,
      afterAnswer,
      logger,
    }),
    portFor(request) {
      const person = people.get(request);
      return {
        person,
        requestLink: (email, ip) => access.requestLink(email, ip, afterAnswer.get(request)),
        linkState: (token) => access.linkState(token),
        useLink: (token) => access.useLink(token),
        signOut: () => access.signOut(request.headers),
        async space() {
          if (!person) return undefined;
          const client = await clientById(database, person.clientId);
          if (!client) return undefined;
          const [space, footageByRequest] = await Promise.all([
            clientSpace(database, client, now()),
            footageSummaries(database, client, await media.toolsFound()),
          ]);
          return { ...space, footageByRequest };
        },
        async request(id) {
          if (!person) return undefined;
          const { clientId, plan } = person;
          const previews = await media.toolsFound();
          return requestPage(database, uploads.received, { clientId, plan, previews }, id, now());
        },
        async footageFile(uploadId, file, range) {
          if (!person) return undefined;
          const request = { clientId: person.clientId, uploadId, file, range };
          return clientFootageFile(database, config.dataDir, request, ["poster", "preview"]);
        },
        schedule: schedule.forClient(person),
        async createRequest(form) {
          if (!person) return { ok: false, fieldErrors: {} };
          return createRequest(database, person, form, now());
        },
      };
    },
    uploads: uploads.handle,
    schedule,
    clients: createClients({
      database,
      inviteKind: deps.inviteKind,
      nudgeWorker: deps.nudgeWorker,
      onPersonAdded: (email) => access.invite(email),
      dataDir: config.dataDir,
      previewsOn: media.toolsFound,
      afterErase: deps.afterErase,
      onFilesLeft: (uploads) =>
        logger.error({ uploads }, "erase: files left for the job media-orphans"),
      now,
    }),
    jobs: [
      ...uploads.jobs,
      media,
      mediaOrphansJob({ database, dataDir: config.dataDir, logger }),
      footageNoticeJob({
        database,
        kinds: deps.footageNoticeKinds ?? [],
        readsMedia: media.toolsFound,
        windowMs: config.PORTAL_FOOTAGE_NOTICE_WINDOW_MS,
        everyMs: config.MEDIA_POLL_MS,
        nudgeWorker: deps.nudgeWorker,
        now,
      }),
      {
        name: "portal-session-cleanup",
        everyMs: 15 * 60 * 1000,
        async run() {
          await database.writeTransaction(expiredDeletes(database.db, now()));
        },
      },
    ],
    async stop() {
      stopping.abort();
      await access.stop();
    },
  };
}
