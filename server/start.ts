import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { httpServerOptions } from "./http-options.ts";
import { startIntake } from "./intake/start-intake.ts";
import { createLogger, type Logger } from "./logger.ts";
import { loadPrerenderedPages, loadStylesheet } from "./prerendered-pages.ts";
import { startTeam } from "./team/start-team.ts";

export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  logger: Logger;
  /** Stops accepting, finishes in-flight requests and work, closes the database. */
  stop: () => Promise<void>;
}

/** `npm run dev`: pages rendered by Vite on demand, Vite's middleware in front of the app. */
export interface DevPages {
  loadBuild: () => Promise<ServerBuild>;
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

/** An HTTP server whose requests pass through `middleware` before reaching the app. */
function withMiddleware(middleware: DevPages["middleware"]): typeof createServer {
  return ((options: object, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    createServer(options, (req, res) =>
      middleware(req, res, () => listener(req, res)),
    )) as typeof createServer;
}

export function hasBuild(buildDir: string): boolean {
  return (
    existsSync(path.join(buildDir, "server", "index.js")) &&
    existsSync(path.join(buildDir, "prerendered.json"))
  );
}

/** Starts the whole product in this process: the server and everything behind it. */
export async function startServer(
  env: Record<string, string | undefined> = process.env,
  dev?: DevPages,
): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config);
  const buildFile = path.join(config.buildDir, "server", "index.js");
  // Without a build the API still runs (API tests need no build); only the pages are missing.
  const built = !dev && hasBuild(config.buildDir);
  if (!built && !dev)
    logger.warn({ buildDir: config.buildDir }, "no build found: pages are disabled");
  const prerendered = built ? await loadPrerenderedPages(config.buildDir) : new Map();
  const inlineCss = built ? await loadStylesheet(config.buildDir) : undefined;
  // Imported now, not on the first visit: the first page is then as fast as the rest.
  const build = built ? ((await import(pathToFileURL(buildFile).href)) as ServerBuild) : undefined;
  // config → database → migrations → delivery worker → intake service; then listen.
  const intake = await startIntake(config, logger);
  const team = await startTeam({
    config,
    logger,
    database: intake.database,
    writer: intake.writer,
    mailer: intake.mailer,
    deliveryKinds: intake.deliveryKinds,
    nudgeWorker: () => intake.worker.nudge(),
  }).catch(async (error) => {
    await intake.stop();
    throw error;
  });
  const app = createApp({
    config,
    logger,
    prerendered,
    inlineCss,
    intakeApi: intake.api,
    intake: intake.port,
    team,
    health: intake.health,
    mode: dev ? "development" : "production",
    loadBuild:
      dev?.loadBuild ??
      (async () => {
        if (!build) throw new Error(`no build in ${config.buildDir}: run npm run build`);
        return build;
      }),
  });

  const server = serve({
    fetch: app.fetch,
    port: config.PORT,
    hostname: config.HOST,
    ...(dev && { createServer: withMiddleware(dev.middleware) }),
    serverOptions: httpServerOptions(config),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  }).catch(async (error) => {
    await team.stop();
    await intake.stop();
    throw error;
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  logger.info({ url }, "listening");

  return {
    url,
    port,
    config,
    logger,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open; busy ones finish their request.
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      });
      // In-flight requests are answered; now the sign-in links being sent, the queued writes,
      // the delivery in hand, the DB.
      await team.stop();
      await intake.stop();
    },
  };
}
