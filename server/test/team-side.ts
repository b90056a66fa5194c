import { loadConfig } from "../config.ts";
import { openMigratedDatabase } from "../db/database.ts";
import { kindRegistry } from "../delivery/kinds/registry.ts";
import { replyEmailKind } from "../delivery/kinds/reply.ts";
import { createRecipientHasher } from "../hashing/client-hashes.ts";
import { loadHashingKey } from "../hashing/hashing-key.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { startTeam } from "../team/start-team.ts";

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
