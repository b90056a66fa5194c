import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { serve } from "@hono/node-server";
import type { Config } from "../config.ts";
import { httpServerOptions } from "./http-options.ts";

/** Connect-style middleware (Vite's, under `npm run dev`) that requests pass before the app. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface Listening {
  url: string;
  port: number;
  /** Stops accepting and resolves once the requests in flight are answered. */
  close: () => Promise<void>;
}

/** An HTTP server whose requests pass through `middleware` before reaching the app. */
function withMiddleware(middleware: Middleware): typeof createServer {
  return ((options: object, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    createServer(options, (req, res) =>
      middleware(req, res, () => listener(req, res)),
    )) as typeof createServer;
}

/** Serves `fetch` on HOST:PORT (with the slow-client limits); resolves once it listens. */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  config: Config,
  middleware?: Middleware,
): Promise<Listening> {
  const server = serve({
    fetch,
    port: config.PORT,
    hostname: config.HOST,
    ...(middleware && { createServer: withMiddleware(middleware) }),
    serverOptions: httpServerOptions(config),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  return {
    url: `http://${config.HOST}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open; busy ones finish their request.
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      }),
  };
}
