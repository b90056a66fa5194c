import type { Context } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createAppContext, type IntakePort } from "#app/shared/app-context.ts";
import type { TeamPort } from "#app/shared/team-port.ts";
import { deferModulePreloads } from "./defer-module-preloads.ts";
import { clientIp } from "./intake/client-ip.ts";

/** Hands a request to React Router (server-rendered pages, the onboarding form action, 404s). */
export function reactRouterHandler(options: {
  loadBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  intake?: IntakePort;
  /** The team's port for this request (the member its guard found). */
  team?: (request: Request) => TeamPort | undefined;
  trustProxy: boolean;
  /** The stylesheet to inline into every rendered page (production). */
  inlineCss?: string;
}) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (c: Context) => {
    handler ??= createRequestHandler(
      options.mode === "development" ? options.loadBuild : await options.loadBuild(),
      options.mode,
    );
    const nonce = c.get("secureHeadersNonce") ?? "";
    const response = await handler(
      c.req.raw,
      createAppContext({
        nonce,
        intake: options.intake,
        team: options.team?.(c.req.raw),
        clientIp: clientIp(c, options.trustProxy) || undefined,
        inlineCss: options.inlineCss,
      }),
    );
    return options.mode === "production" ? deferModulePreloads(response) : response;
  };
}
