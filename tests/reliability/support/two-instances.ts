import { createTestDatabase } from "../../../server/test/postgres.ts";
import { startSmtpSink } from "../../../server/test/smtp-sink.ts";
import { type Instance, startInstance } from "./instance.ts";
import type { stopAfterAll } from "./stop-after-all.ts";
import { openStore } from "./store.ts";

/**
 * Two instances started with `env` on a fresh PostgreSQL database, mailing one SMTP sink: the
 * one a drill kills, the survivor, the sink, and a store of the test's own on the database.
 * All of it stopped (the database dropped) after the scenario.
 */
export async function twoInstancesMailing(
  { instances, keep }: ReturnType<typeof stopAfterAll>,
  env: Record<string, string>,
) {
  const database = keep(await createTestDatabase(), (created) => created.drop());
  const sink = keep(await startSmtpSink(), (started) => started.stop());
  const instanceEnv = { ...env, DATABASE_URL: database.url, SMTP_URL: sink.url };
  const [victim, survivor] = (await Promise.all([
    startInstance(instanceEnv),
    startInstance(instanceEnv),
  ])) as [Instance, Instance];
  instances.push(victim, survivor);
  const handle = keep(openStore(survivor), (store) => store.close());
  return { victim, survivor, sink, handle };
}
