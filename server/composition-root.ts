import type { ServerBuild } from "react-router";
import { clientFootagePort } from "#app/shared/client-footage-port.ts";
import { clientListPort } from "#app/shared/client-list-port.ts";
import { clientPagePort } from "#app/shared/client-page-port.ts";
import { cutsPort } from "#app/shared/cuts-port.ts";
import { portalInvitePort } from "#app/shared/portal-invite-port.ts";
import { clientReviewPort } from "#app/shared/review-port.ts";
import { teamSchedulePort } from "#app/shared/schedule-port.ts";
import { type BackgroundJob, startJobs } from "./background/job.ts";
import { retentionJob } from "./background/retention-job.ts";
import { type Config, loadConfig } from "./config.ts";
import { overdueCount } from "./db/applications/inbox.ts";
import { openMigratedDatabase } from "./db/database.ts";
import { cachedBacklog } from "./db/deliveries/backlog.ts";
import { clientCommentsKinds, teamCommentsEmailKind } from "./delivery/kinds/comment-notice.ts";
import { cutClockKinds } from "./delivery/kinds/cut-clock.ts";
import { cutReadyEmailKind } from "./delivery/kinds/cut-ready.ts";
import { footageNoticeKinds } from "./delivery/kinds/footage-notice.ts";
import { portalInviteKind } from "./delivery/kinds/portal-invite.ts";
import { postWaitingEmailKind } from "./delivery/kinds/post-waiting.ts";
import { kindRegistry } from "./delivery/kinds/registry.ts";
import { replyEmailKind } from "./delivery/kinds/reply.ts";
import { replyNoticeKinds } from "./delivery/kinds/reply-notice.ts";
import { warmUpEmails } from "./delivery/messages.ts";
import { startDeliveryWorker } from "./delivery/worker.ts";
import { ensurePrivateDirectory, restrictFiles } from "./files/data-dir.ts";
import { createRecipientHasher } from "./hashing/client-hashes.ts";
import { loadHashingKey } from "./hashing/hashing-key.ts";
import { createSealer } from "./hashing/sealed-secrets.ts";
import { createApp } from "./http/app.ts";
import { type BuiltPages, loadBuiltPages } from "./http/build-files.ts";
import { listen, type Middleware } from "./http/http-server.ts";
import { inboundRetentionJob } from "./inbound/retention-job.ts";
import { startInbound } from "./inbound/start-inbound.ts";
import { countedIntake } from "./intake/counted-intake.ts";
import { startIntake } from "./intake/start-intake.ts";
import { createLogger, type Logger } from "./logger.ts";
import { mailDirectory, purgeMailFiles } from "./mail/mail-files.ts";
import { createMailer } from "./mail/mailer.ts";
import { healthWithBacklog } from "./metrics/health.ts";
import { createMetrics } from "./metrics/metrics.ts";
import { startPortal } from "./portal/start-portal.ts";
import { startTeam } from "./team/start-team.ts";
import { startVisits } from "./visits/start-visits.ts";

/**
 * The composition root: the one place that starts things and stops them. The entry points
 * (index.ts, serve.ts, dev.ts) call startServer; tests call it too (server/test/server.ts).
 */
export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  logger: Logger;
  /** The SMTP listener for replies' port, when INBOUND_SMTP_PORT is set (0 picks a free one). */
  inboundSmtpPort?: number;
  /** Stops accepting, finishes in-flight requests and work, closes the database. */
  stop: () => Promise<void>;
}

/** `npm run dev`: pages rendered by Vite on demand, Vite's middleware in front of the app. */
export interface DevPages {
  loadBuild: () => Promise<ServerBuild>;
  middleware: Middleware;
}

/**
 * Starts the whole product in this process: configuration → the build's pages → database
 * (migrated; SQLite writes through its writer thread) → mailer → visits → intake → delivery
 * worker → retention → team → inbound → app; then listens.
 */
export async function startServer(
  env: Record<string, string | undefined> = process.env,
  dev?: DevPages,
): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config);
  const pages: BuiltPages = dev
    ? { prerendered: new Map() }
    : await loadBuiltPages(config.buildDir, logger);

  // Cold template code would stall the first delivery (and the requests around it).
  await warmUpEmails(config);
  // DATA_DIR (the SQLite file, the .eml outbox) for the server's user only, files made by
  // earlier versions included.
  if (!config.DATABASE_URL || !config.SMTP_URL) {
    ensurePrivateDirectory(config.dataDir);
    restrictFiles(config.dataDir);
    restrictFiles(mailDirectory(config.dataDir));
  }
  // SQLite: every write (intake batches, the worker's statements) goes through one writer
  // thread; the main connection only reads. PostgreSQL: through the pool.
  const database = await openMigratedDatabase({ ...config, writerThread: true }, logger);
  logger.info({ database: database.location }, "database ready");
  // The key of every hash that could lead back to a person: outside the database and its
  // backups (IP_HASH_SECRET, or DATA_DIR/keys/hashing.key; decision 0066).
  const hashing = await loadHashingKey(database, config).catch(async (error) => {
    await database.close();
    throw error;
  });
  if (hashing.movedOut) {
    // The key an earlier version kept in the database: gone from it, and from the -wal too.
    await database.emptyWal?.();
    logger.info({ key: hashing.source }, "hashing key moved out of the database");
  }
  if (hashing.replaced) {
    logger.warn(
      { key: hashing.source },
      "hashing key changed: rate limits start again, earlier ip_hash values no longer compare",
    );
  }
  const ipHashSecret = hashing.key;
  const mailer = createMailer(config, logger);
  if (!config.SMTP_URL) {
    logger.info(
      { directory: mailDirectory(config.dataDir) },
      "no SMTP_URL: emails are written as .eml files",
    );
  }
  const backlog = cachedBacklog(database);
  const metrics = config.METRICS_TOKEN
    ? createMetrics({
        backlog,
        kinds: kindRegistry.names,
        overdue: () => overdueCount(database, Date.now()),
      })
    : undefined;
  const visits = startVisits({
    enabled: config.ANALYTICS === "on",
    retentionDays: config.ANALYTICS_RETENTION_DAYS,
    visitorsPerAddress: config.VISITORS_PER_ADDRESS,
    database,
    sealer: createSealer(ipHashSecret, "visit-secrets"),
    trustProxy: config.TRUST_PROXY,
    logger,
  });
  // What each application gets: the kinds made with it that this configuration can send.
  const deliveryKinds = kindRegistry.made("application", config);
  const intake = startIntake({
    config,
    logger,
    database,
    hashingKey: ipHashSecret,
    deliveryKinds,
    scheduledKinds: kindRegistry.scheduled(config),
    visits: visits.lookup,
    // The worker starts right after: nothing is submitted before the server listens.
    onDeliveriesCreated: () => worker.nudge(),
  });
  const worker = startDeliveryWorker({
    database,
    config,
    logger,
    mailer,
    intakeBusy: intake.busy,
    alertKinds: kindRegistry.made("alert", config),
    onAttempt: metrics?.deliveryAttempted,
  });
  const team = await startTeam({
    config,
    logger,
    database,
    mailer,
    deliveryKinds,
    scheduledKinds: kindRegistry.scheduled(config),
    hashRecipient: createRecipientHasher(ipHashSecret),
    replyKind: replyEmailKind.name,
    nudgeWorker: () => worker.nudge(),
    onFirstResponse: metrics?.firstResponse,
  });
  // The client portal (/portal, /team/clients): its invites and footage notices go out as
  // deliveries.
  const portal = startPortal({
    config,
    logger,
    database,
    mailer,
    inviteKind: portalInviteKind.name,
    footageNoticeKinds: footageNoticeKinds(config),
    cutReadyKind: cutReadyEmailKind.name,
    commentNoticeKinds: {
      toTeam: clientCommentsKinds(config),
      toClient: [teamCommentsEmailKind.name],
    },
    postWaitingKind: postWaitingEmailKind.name,
    cutClockKinds: cutClockKinds(config),
    nudgeWorker: () => worker.nudge(),
    afterErase: team.afterErase,
    // The cuts' tus endpoint checks the TEAM session on every request (decision 0091).
    teamSession: async (headers) => {
      const found = await team.session(headers);
      return found
        ? { id: found.member.id, name: found.member.name || found.member.email }
        : undefined;
    },
    feedKey: ipHashSecret,
  });
  // The team's pages about clients are the portal's: each reaches its own port (decision 0086).
  const { clients } = portal;
  team.provideForMembers(clientListPort, { list: clients.list });
  team.provideForMembers(cutsPort, portal.cuts);
  team.provideForMembers(clientPagePort, {
    client: clients.client,
    addPerson: clients.addPerson,
    removePerson: clients.removePerson,
    erase: clients.erase,
  });
  team.provideForMembers(portalInvitePort, { invite: clients.invite });
  team.provideForMembers(clientFootagePort, { footageFile: clients.footageFile });
  const { review } = portal;
  team.provideForMembers(clientReviewPort, {
    review: (clientId, requestId, version, viewerId) =>
      review.page("team", clientId, requestId, version, viewerId),
    act: (clientId, requestId, version, member, form) =>
      review.act(
        { side: "team", id: member.id, name: member.name },
        clientId,
        requestId,
        version,
        form,
      ),
    footage: review.footage,
    versionFile: (clientId, requestId, version, file, range) =>
      review.file("team", clientId, requestId, version, file, range),
  });
  team.provideForMembers(teamSchedulePort, portal.schedule.team);
  // Replies coming back: the SMTP listener (INBOUND_SMTP_PORT) and the provider's POST.
  const inbound = await startInbound({
    config,
    logger,
    database,
    mailer,
    noticeKinds: replyNoticeKinds(config),
    nudgeWorker: () => worker.nudge(),
  });
  // Every background job, listed here, each on the one poller (background/job.ts).
  const jobList: BackgroundJob[] = [
    retentionJob({
      database,
      retentionDays: config.RETENTION_DAYS,
      purgeFiles: (cutoff) => purgeMailFiles(config.dataDir, cutoff),
      logger,
    }),
    inboundRetentionJob({
      database,
      dataDir: config.dataDir,
      retentionDays: config.RETENTION_DAYS,
      logger,
    }),
    ...visits.jobs,
    ...team.jobs,
    ...portal.jobs,
  ];
  const jobs = startJobs(jobList, logger);
  /** Waits for the sign-in links being sent and queued writes, finishes the delivery in hand,
   * closes the database. */
  const stopWork = async () => {
    await inbound.stop(); // no message is taken any more; those in hand are stored first
    await team.stop();
    await portal.stop();
    await intake.drain();
    await jobs.stop(); // the runs in hand end; none starts
    await visits.stop(); // the hits in memory, written once more
    await worker.stop(); // records the delivery in hand through the writer: before closing it
    mailer.close();
    await database.close(); // the writer thread, then the connection
  };

  const app = createApp({
    config,
    logger,
    prerendered: pages.prerendered,
    inlineCss: pages.inlineCss,
    intakeApi: intake.api,
    intake: metrics ? countedIntake(intake.service, metrics) : intake.service,
    team,
    portal,
    inboundEmail: inbound.endpoint,
    visits,
    health: () => healthWithBacklog(database, backlog),
    metrics,
    mode: dev ? "development" : "production",
    loadBuild:
      dev?.loadBuild ??
      (async () => {
        if (!pages.build) throw new Error(`no build in ${config.buildDir}: run npm run build`);
        return pages.build;
      }),
  });
  const http = await listen(app.fetch, config, dev?.middleware).catch(async (error) => {
    await stopWork();
    throw error;
  });
  logger.info({ url: http.url }, "listening");

  return {
    url: http.url,
    port: http.port,
    config,
    logger,
    inboundSmtpPort: inbound.smtpPort,
    stop: async () => {
      await http.close();
      // In-flight requests are answered; now the queued writes, the delivery in hand, the DB.
      await stopWork();
    },
  };
}
