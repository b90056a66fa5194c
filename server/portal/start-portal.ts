import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { CutsPort } from "#app/shared/cuts-port.ts";
import type { PortalPerson, PortalPort } from "#app/shared/portal-port.ts";
import type { BackgroundJob } from "../background/job.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { expiredDeletes } from "../db/portal/client-sessions.ts";
import { clientById } from "../db/portal/clients.ts";
import { footageComplete } from "../db/portal/request-clock.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { findMediaTools } from "../media/tools.ts";
import { createPortalAccess } from "./access.ts";
import { createClients, type TeamClients } from "./clients.ts";
import type { ClockSettings } from "./clock.ts";
import { commentNoticeJob } from "./comment-notice-job.ts";
import { cutClockJob } from "./cut-clock-job.ts";
import { type CutUploader, createCutUploads } from "./cut-uploads.ts";
import { clientClock, createCuts } from "./cuts.ts";
import { clientFootageFile, footageSummaries } from "./footage.ts";
import { footageNoticeJob } from "./footage-notice-job.ts";
import { portalGuard } from "./guard.ts";
import { uploadMediaJob } from "./media-job.ts";
import { mediaOrphansJob } from "./media-orphans.ts";
import { createRequest } from "./new-request.ts";
import { postNoticeJob } from "./post-notice-job.ts";
import { requestPage } from "./request-page.ts";
import { createReview, type Review } from "./review.ts";
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
  /** The team's tus endpoint for cuts (/team/cut-uploads and below; decision 0091). */
  cutUploads: (request: Request, incoming?: IncomingMessage) => Promise<Response>;
  /** Cuts as versions, comments, decisions: the team's review port is made of it. */
  review: Review;
  /** The team's side of the plan's clock (/team/cuts, due counts, turnaround figures). */
  cuts: CutsPort;
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
  /** The delivery kind that tells a client's people of a new version (cut_ready_email). */
  cutReadyKind?: string;
  /** The kinds that tell each side of the other's new comments, in batches. */
  commentNoticeKinds?: { toTeam?: readonly string[]; toClient?: readonly string[] };
  /** The delivery kind that tells a client's people a post waits for approval (post_waiting_email). */
  postWaitingKind?: string;
  /** The delivery kinds of the plan's clock: the editor's reminder, the team's missed alert. */
  cutClockKinds?: { reminder: readonly string[]; missed: readonly string[] };
  nudgeWorker: () => void;
  /** After a client's erase: empties the SQLite -wal, as after an applicant's (team's job). */
  afterErase?: () => Promise<void>;
  /**
   * The team member signed in with these headers (the team feature's session, handed in by the
   * composition root: the portal never imports the team): every request of the cuts' tus
   * endpoint asks it.
   */
  teamSession?: (headers: Headers) => Promise<CutUploader | undefined>;
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
  const clockSettings: ClockSettings = {
    hourMs: config.PORTAL_TURNAROUND_MS_PER_HOUR,
    reminderLeadMs: config.PORTAL_CUT_REMINDER_BEFORE_HOURS * config.PORTAL_TURNAROUND_MS_PER_HOUR,
  };
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
  const review = createReview({
    database,
    dataDir: config.dataDir,
    previewsOn: media.toolsFound,
    cutReadyKind: deps.cutReadyKind,
    onVersionMade: deps.nudgeWorker,
    now,
  });
  const cutUploads = createCutUploads({
    config,
    database,
    teamSession: deps.teamSession ?? (async () => undefined),
    logger,
    now,
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
        async review(requestId, version) {
          if (!person) return undefined;
          return review.page("client", person.clientId, requestId, version, person.personId);
        },
        async reviewAct(requestId, version, form) {
          if (!person) return undefined;
          const actor = { side: "client" as const, id: person.personId, name: person.email };
          return review.act(actor, person.clientId, requestId, version, form);
        },
        async versionFile(requestId, version, file, range) {
          if (!person) return undefined;
          return review.file("client", person.clientId, requestId, version, file, range);
        },
        async clock(requestId) {
          if (!person) return undefined;
          return clientClock(database, person.clientId, requestId, now(), clockSettings);
        },
        async markFootageComplete(requestId) {
          if (!person) return "unknown";
          const marked = await footageComplete(database, {
            clientId: person.clientId,
            requestId,
            now: now(),
          });
          if (!marked) return "unknown";
          if (marked.cutCameFirst) return "delivered";
          return marked.marked ? "marked" : "already";
        },
        schedule: schedule.forClient(person),
        async createRequest(form) {
          if (!person) return { ok: false, fieldErrors: {} };
          return createRequest(database, person, form, now());
        },
      };
    },
    uploads: uploads.handle,
    cutUploads: cutUploads.handle,
    review,
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
    cuts: createCuts({ database, settings: clockSettings, now }),
    jobs: [
      ...uploads.jobs,
      cutClockJob({
        database,
        kinds: deps.cutClockKinds ?? { reminder: [], missed: [] },
        settings: clockSettings,
        everyMs: config.PORTAL_CLOCK_POLL_MS,
        nudgeWorker: deps.nudgeWorker,
        now,
      }),
      media,
      review.versionJob({ everyMs: config.MEDIA_POLL_MS, uploadedBy: cutUploads.uploadedBy }),
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
      commentNoticeJob({
        database,
        kinds: deps.commentNoticeKinds ?? {},
        windowMs: config.PORTAL_FOOTAGE_NOTICE_WINDOW_MS,
        everyMs: config.MEDIA_POLL_MS,
        nudgeWorker: deps.nudgeWorker,
        now,
      }),
      postNoticeJob({
        database,
        kind: deps.postWaitingKind,
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
