import { type ApplicationPort, applicationPort } from "#app/shared/application-port.ts";
import { type AvailabilityPort, availabilityPort } from "#app/shared/availability-port.ts";
import { type InboxPort, inboxPort } from "#app/shared/inbox-port.ts";
import { type InsightsPort, insightsPort } from "#app/shared/insights-port.ts";
import { type MessageFilesPort, messageFilesPort } from "#app/shared/message-files-port.ts";
import { type ResponsePort, responsePort } from "#app/shared/response-port.ts";
import { type SignInPort, signInPort } from "#app/shared/sign-in-port.ts";
import type { PortKey } from "#app/shared/team-port.ts";
import { type UnmatchedPort, unmatchedPort } from "#app/shared/unmatched-port.ts";
import { loadConfig } from "../config.ts";
import { openMigratedDatabase } from "../db/database.ts";
import { kindRegistry } from "../delivery/kinds/registry.ts";
import { replyEmailKind } from "../delivery/kinds/reply.ts";
import { createRecipientHasher } from "../hashing/client-hashes.ts";
import { loadHashingKey } from "../hashing/hashing-key.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { startTeam, type TeamServer } from "../team/start-team.ts";

/**
 * The team's side as the server wires it, without HTTP (what the route modules call): the
 * configuration of `env`, the database as the server opens it (on SQLite, writes through the
 * writer thread), the mailer, the two emails as an application's deliveries and the promise's
 * reminder and alert as its scheduled ones. `onFirstResponse` hears each first response. `stop` closes
 * all of it. For the tests (server/test/team.ts) and the inbox benchmark.
 */
export async function startTeamSide(
  env: Record<string, string>,
  nudgeWorker = () => {},
  onFirstResponse?: (seconds: number) => void,
) {
  const config = loadConfig(env);
  const logger = createLogger(config);
  const database = await openMigratedDatabase({ ...config, writerThread: true });
  const mailer = createMailer(config, logger);
  const team = await startTeam({
    config,
    logger,
    database,
    mailer,
    deliveryKinds: ["team_notification", "applicant_confirmation"],
    scheduledKinds: kindRegistry.scheduled(config),
    onFirstResponse,
    replyKind: replyEmailKind.name,
    hashRecipient: createRecipientHasher((await loadHashingKey(database, config)).key),
    nudgeWorker,
  });
  return {
    team,
    database,
    stop: async () => {
      await team.stop();
      mailer.close();
      await database.close();
    },
  };
}

/** Every team page's port as one object, as the tests call them (the settings' needs a member). */
export type PagesPort = SignInPort &
  InboxPort &
  ApplicationPort &
  AvailabilityPort &
  UnmatchedPort &
  MessageFilesPort &
  ResponsePort &
  InsightsPort;

/** The ports of every page for a request without a session (as `portFor` makes them). */
export function pagesPort(team: TeamServer, request = new Request("http://localhost/")): PagesPort {
  const side = team.portFor(request);
  const port = <Port>(key: PortKey<Port>): Port => {
    const found = side.port(key);
    if (!found) throw new Error(`no port for the team page ${key.page}`);
    return found;
  };
  return {
    ...port(signInPort),
    ...port(inboxPort),
    ...port(applicationPort),
    ...port(availabilityPort),
    ...port(unmatchedPort),
    ...port(messageFilesPort),
    ...port(responsePort),
    ...port(insightsPort),
  };
}
