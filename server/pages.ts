import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createAppContext, type IntakePort } from "../app/app-context.ts";

/** Hands a request to React Router (server-rendered pages, the onboarding form action, 404s). */
export function reactRouterHandler(options: {
  loadBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  intake?: IntakePort;
}) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (c: Context) => {
    handler ??= createRequestHandler(
      options.mode === "development" ? options.loadBuild : await options.loadBuild(),
      options.mode,
    );
    const nonce = c.get("secureHeadersNonce") ?? "";
    return handler(
      c.req.raw,
      createAppContext({ nonce, intake: options.intake, clientIp: clientAddress(c) }),
    );
  };
}

/** The TCP peer's address (the proxy's, behind one); undefined outside @hono/node-server. */
function clientAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
