import { service } from "#app/content/service.ts";
import { cursorOf, inboxPageSize, parseInboxQuery, viewCountCap } from "#app/shared/inbox-query.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import { teamPaths } from "#app/shared/paths.ts";
import type { TeamPort } from "#app/shared/team-port.ts";
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
import { awayUpdate, type Member } from "../db/members.ts";
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
import { createTeamAuth } from "./auth.ts";
import { authCleanupJob } from "./auth-cleanup.ts";
import { authKysely } from "./auth-database.ts";
import { teamGuard } from "./guard.ts";
import { insightsReport } from "./insights-report.ts";
import { createLinkLimits } from "./link-limits.ts";
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
  /** What the route modules of this request get (the member the guard found, if any). */
  portFor(request: Request): TeamPort;
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
    secret: await sharedSecret(database.db, "team_auth_secret"),
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
  const members = new WeakMap<Request, Member>();
  const afterAnswer = new WeakMap<Request, (job: () => void) => void>();

  /** What needs the member signed in for this request ("Me", Away), bound to them. */
  const memberPort = (
    member: Member | undefined,
  ): Pick<TeamPort, "inbox" | "nextInView" | "export" | "setAway"> => ({
    async nextInView(query, after, exclude) {
      // Where the one just worked on stood (as the page showed it), then the inbox's own
      // keyset walk: two rows at most, the one excluded left out (All lists it again later).
      const before = parseInboxQuery(new URLSearchParams({ before: after })).before;
      const viewer = { memberId: member?.id, now: Date.now() };
      const page = await inboxRows(database, { ...query, before }, 2, viewer);
      return page.rows.find((row) => row.id !== exclude)?.id;
    },
    async inbox(query) {
      const viewer = { memberId: member?.id, now: Date.now() };
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
          readPage: exportPages(database, {
            query,
            viewer: { memberId: member?.id, now: Date.now() },
          }),
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
    async setAway(away) {
      if (member) await database.write(awayUpdate(database, member.id, away));
    },
  });

  const settingsFor = (member: Member | undefined) =>
    member ? createSettings(database, member) : undefined;

  const port: Omit<
    TeamPort,
    "member" | "settings" | "requestLink" | "inbox" | "nextInView" | "export" | "setAway"
  > = {
    linkState: (token) => signIn.linkState(token),
    useLink: (token) => signIn.useLink(token),
    signOut: (headers) => signIn.signOut(headers),
    application: (id, thread) =>
      uuidPattern.test(id)
        ? applicationView(database, id.toLowerCase(), config, thread)
        : Promise.resolve(undefined),
    act: async (member, id, action) =>
      uuidPattern.test(id)
        ? actions.run(member, id.toLowerCase(), action)
        : { ok: false, error: "not_found", message: "" },
    ...unmatched,
    response: () => responseReport(database, Date.now(), service.responsePromiseHours),
    insights: (days) => insightsReport(database, Date.now(), days),
    insightsCsv: async (days) => insightsCsv(await insightsReport(database, Date.now(), days)),
  };

  return {
    guard: teamGuard({ origin, signIn, members, afterAnswer, logger }),
    authRoutes: passkeyRoutes(auth, { config, database }),
    portFor: (request) => ({
      ...port,
      ...memberPort(members.get(request)),
      member: members.get(request),
      settings: settingsFor(members.get(request)),
      // The member's link is made once this request's answer has gone (see requestLink).
      requestLink: (email, ip) => signIn.requestLink(email, ip, afterAnswer.get(request)),
    }),
    session: (headers) => signIn.session(headers),
    jobs: [authCleanupJob(database, logger), wal.job],
    afterErase: wal.afterErase,
    stop: () => signIn.stop(),
  };
}
