import pino from "pino";
import { onTestFinished } from "vitest";
import { loadConfig } from "../config.ts";
import { startPortal } from "../portal/start-portal.ts";
import { migratedDatabase, type StorageBackend } from "./backends.ts";

/**
 * The portal's server side on a fresh database of `backend` (mail dropped, the worker never
 * nudged; `deps`, what else it is given), stopped when the test finishes: the database, its
 * DATA_DIR and the portal.
 */
export async function portalOn(
  backend: StorageBackend,
  siteUrl = "http://localhost:3000",
  env: Record<string, string> = {},
  deps: Partial<Parameters<typeof startPortal>[0]> = {},
) {
  const { database, dataDir } = await migratedDatabase(backend);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: siteUrl,
    LOG_LEVEL: "silent",
    ...env,
  });
  const portal = startPortal({
    config,
    logger: pino({ level: "silent" }),
    database,
    mailer: { send: async () => {}, close() {} },
    inviteKind: "portal_invite",
    nudgeWorker: () => {},
    ...deps,
  });
  onTestFinished(() => portal.stop());
  return { database, dataDir, portal };
}
