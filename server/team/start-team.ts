import { service } from "#app/content/service.ts";
import { applicationPort } from "#app/shared/application-port.ts";
import { availabilityPort } from "#app/shared/availability-port.ts";
import { inboxPort } from "#app/shared/inbox-port.ts";
import { cursorOf, inboxPageSize, parseInboxQuery, viewCountCap } from "#app/shared/inbox-query.ts";
import { insightsPort } from "#app/shared/insights-port.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import { messageFilesPort } from "#app/shared/message-files-port.ts";
import { teamPaths } from "#app/shared/paths.ts";
import { responsePort } from "#app/shared/response-port.ts";
import { settingsPort } from "#app/shared/settings-port.ts";
import { signInPort } from "#app/shared/sign-in-port.ts";
import type { PortKey, TeamMember, TeamPort } from "#app/shared/team-port.ts";
import { unmatchedPort } from "#app/shared/unmatched-port.ts";
import type { BackgroundJob } from "../background/job.ts";
import type { Config } from "../config.ts";
import { exportMessages, exportPageSize, exportPages } from "../db/applications/export-pages.ts";
import {
  failedApplicationCount,
  inboxRows,
  overdueCount,
  viewCounts,
} from "../db/applications/inbox.ts";
import { applicationSources } from "../db/applications/visit-sources.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { awayUpdate } from "../db/members.ts";
import type { DeliveryKind } from "../db/schema.ts";
import { sharedSecret } from "../db/settings.ts";
import { eraseApplicantEverywhere } from "../erasure/erase-applicant.ts";
import { walAfterErase } from "../erasure/wal-after-erase.ts";
import { exportStream } from "../export/export-stream.ts";
import { insightsCsv } from "../export/insights-csv.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createApplicationActions } from "./application-actions.ts";
import { applicationView } from "./application-queries.ts";
import { createTeamAuth, teamAuthSecretKey } from "./auth.ts";
import { authCleanupJob } from "./auth-cleanup.ts";
import { authKysely } from "./auth-database.ts";
import { teamGuard } from "./guard.ts";
import { insightsReport } from "./insights-report.ts";
import { createLinkLimits } from "./link-limits.ts";
import { pagePorts } from "./page-ports.ts";
import { passkeyRoutes } from "./passkey-routes.ts";
import { teamOrigin } from "./public-origin.ts";
import { responseReport } from "./response-report.ts";
import { createSettings } from "./settings.ts";
import { createSignIn, type SignIn } from "./sign-in.ts";
import { signInEmail } from "./sign-in-email.ts";
import { createUnmatched } from "./unmatched.ts";

export interface TeamServer {
  /** Guards every /team request (see guard.ts). */
  guard: ReturnType<typeof teamGuard>;
  /** better-auth's passkey endpoints, mounted at /team/auth. */
  authRoutes: ReturnType<typeof passkeyRoutes>;
  /** What the route modules of this request get: the member the guard found, if any, and each
   * page's port. */
  portFor(request: Request): TeamPort;
  /**
   * Adds the port of a team page whose server side is another feature's (the portal's pages
   * about clients: the composition root), made for a request with a member signed in only.
   */
  provideForMembers<Port>(key: PortKey<Port>, port: Port): void;
  /** The member signed in with these request headers (what the guard checks). */
  session: SignIn["session"];
  /** Its background jobs (the composition root starts them with the others'). */
  jobs: BackgroundJob[];
  /** After any erase (a client's too): empties the SQLite -wal, by its job when a reader holds it. */
  afterErase: () => Promise<void>;
  stop(): Promise<void>;
}

/** The team's side of the server, on the intake's database, writer, mailer and worker. */
export async function startTeam(deps: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  deliveryKinds: readonly DeliveryKind[];
  /** The promise's jobs an application gets (marked "not spam": see application-actions.ts). */
  scheduledKinds?: readonly { kind: DeliveryKind; fromDueMs: number }[];
  /** Told of each first response a member records (seconds): the metrics' histogram. */
  onFirstResponse?: (seconds: number) => void;
  /** The HMAC of an address under which its confirmations are counted (erase forgets it). */
  hashRecipient: (email: string) => string;
  /** The kind of delivery that sends a member's reply (the delivery side registers it). */
  replyKind: DeliveryKind;
  nudgeWorker: () => void;
}): Promise<TeamServer> {
  const { config, logger, database } = deps;
  const origin = teamOrigin(config);
  const auth = createTeamAuth({
    config,
    logger,
    db: authKysely(database),
    dialect: database.dialect,
    secret: await sharedSecret(database.db, teamAuthSecretKey),
    sendLink: (email, token) =>
      deps.mailer.send(
        signInEmail(
          email,
          `${origin}${teamPaths.signInLink}?token=${encodeURIComponent(token)}`,
          config,
        ),
      ),
  });
  const signIn = createSignIn({
    auth,
    database,
    limits: createLinkLimits(config, database),
    logger,
  });
  const wal = walAfterErase(database, logger);
  const actions = createApplicationActions({
    database,
    transaction: database.writeTransaction,
    deliveryKinds: deps.deliveryKinds,
    erase: async (email, also) => {
      const erased = await eraseApplicantEverywhere(
        { database, dataDir: config.dataDir, hashRecipient: deps.hashRecipient },
        email,
        also,
      );
      if ("hold" in erased) return { hold: erased.hold };
      if (erased.files.refused.length > 0) {
        logger.error(
          { count: erased.files.refused.length },
          "erase: file paths outside DATA_DIR left alone",
        );
      }
      return {};
    },
    mailFrom: config.MAIL_FROM,
    replyFrom: config.CONTACT_EMAIL,
    messageIdSecret: await sharedSecret(database.db, "reply_tag_secret"),
    replyKind: deps.replyKind,
    afterErase: wal.afterErase,
    nudgeWorker: deps.nudgeWorker,
    scheduledKinds: deps.scheduledKinds,
    onFirstResponse: deps.onFirstResponse,
  });
  const unmatched = createUnmatched({
    database,
    transaction: database.writeTransaction,
    dataDir: config.dataDir,
  });
  const members = new WeakMap<Request, TeamMember>();
  const afterAnswer = new WeakMap<Request, (job: () => void) => void>();
  /** Now, and the member signed in for "Mine", "Overdue" and the exports' views. */
  const viewerOf = (member: TeamMember | undefined) => ({ memberId: member?.id, now: Date.now() });

  // Each team page's port (decision 0086), made for the request: a new page is one line here.
  const ports = pagePorts<{ member?: TeamMember; request: Request }>()
    .provide(signInPort, ({ request }) => ({
      // The member's link is made once this request's answer has gone (see requestLink).
      requestLink: (email, ip) => signIn.requestLink(email, ip, afterAnswer.get(request)),
      linkState: (token) => signIn.linkState(token),
      useLink: (token) => signIn.useLink(token),
      signOut: (headers) => signIn.signOut(headers),
    }))
    .provide(inboxPort, ({ member }) => ({
      async inbox(query) {
        const viewer = viewerOf(member);
        const [page, failedApplications, overdue, views, sources] = await Promise.all([
          inboxRows(database, query, inboxPageSize, viewer),
          failedApplicationCount(database),
          overdueCount(database, viewer.now),
          viewCounts(database, viewer, viewCountCap),
          applicationSources(database),
        ]);
        const last = page.rows.at(-1);
        return {
          rows: page.rows.map(({ waiting, ...row }) => row),
          next: page.more && last ? cursorOf(last, last.waiting) : undefined,
          failedApplications,
          overdue,
          views,
          sources,
        };
      },
      export: (query, format) =>
        exportStream(
          {
            readPage: exportPages(database, { query, viewer: viewerOf(member) }),
            readMessages: format === "json" ? exportMessages(database) : undefined,
            pageSize: exportPageSize,
            // Said in the file, and here with why (never the row's content).
            onRowFailed: ({ applicationId, message, error }) =>
              logger.error(
                { submissionId: applicationId, message, err: error },
                "export: a row could not be written; the export went on",
              ),
          },
          format,
        ),
    }))
    .provide(applicationPort, ({ member }) => ({
      async nextInView(query, after, exclude) {
        // Where the one just worked on stood (as the page showed it), then the inbox's own
        // keyset walk: two rows at most, the one excluded left out (All lists it again later).
        const before = parseInboxQuery(new URLSearchParams({ before: after })).before;
        const page = await inboxRows(database, { ...query, before }, 2, viewerOf(member));
        return page.rows.find((row) => row.id !== exclude)?.id;
      },
      application: (id, thread) =>
        uuidPattern.test(id)
          ? applicationView(database, id.toLowerCase(), config, thread)
          : Promise.resolve(undefined),
      act: async (member, id, action) =>
        uuidPattern.test(id)
          ? actions.run(member, id.toLowerCase(), action)
          : { ok: false, error: "not_found", message: "" },
    }))
    .provide(availabilityPort, ({ member }) => ({
      async setAway(away) {
        if (member) await database.write(awayUpdate(database, member.id, away));
      },
    }))
    .provide(unmatchedPort, () => unmatched)
    .provide(messageFilesPort, () => unmatched)
    .provide(responsePort, () => ({
      response: () => responseReport(database, Date.now(), service.responsePromiseHours),
    }))
    .provide(insightsPort, () => ({
      insights: (days) => insightsReport(database, Date.now(), days),
      insightsCsv: async (days) => insightsCsv(await insightsReport(database, Date.now(), days)),
    }))
    .provide(settingsPort, ({ member }) => (member ? createSettings(database, member) : undefined));

  return {
    guard: teamGuard({ origin, signIn, members, afterAnswer, logger }),
    authRoutes: passkeyRoutes(auth, { config, database }),
    portFor: (request) => {
      const member = members.get(request);
      return { member, port: ports.of({ member, request }) };
    },
    provideForMembers(key, port) {
      ports.provide(key, ({ member }) => (member ? port : undefined));
    },
    session: (headers) => signIn.session(headers),
    jobs: [authCleanupJob(database, logger), wal.job],
    afterErase: wal.afterErase,
    stop: () => signIn.stop(),
  };
}
