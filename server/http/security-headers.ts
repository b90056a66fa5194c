import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.ts";
import { isTeamPath } from "./page-body.ts";

/**
 * Security headers of every response. Scripts run only from this origin, plus React Router's
 * inline scripts: by a per-response nonce on server-rendered pages, and by their hashes on the
 * pages prerendered at build time (`scriptHashesFor` knows those). The team's side, and only
 * it, is cut off from other sites' windows (COOP): the public pages hold nothing a window could
 * learn, and entering a page with COOP costs the browser a new process (decision 0029).
 */
export function securityHeaders(
  config: Pick<Config, "NODE_ENV">,
  scriptHashesFor: (path: string) => readonly string[] | undefined,
  /** Whether the visitor reached us over HTTPS (directly, or through a trusted proxy). */
  isHttps: (c: Context) => boolean,
): MiddlewareHandler {
  const variants = [false, true].map((https) =>
    [false, true].map((team) => headersFor(config, scriptHashesFor, { https, team })),
  );
  // HSTS (and upgrade-insecure-requests) only on answers the visitor received over HTTPS:
  // browsers ignore HSTS over plain HTTP, and a site reached over HTTP must stay reachable.
  // An answer that brings its own policy keeps it (an attachment's `default-src 'none';
  // sandbox`): it is stricter than the site's, made for what it serves.
  return async (c, next) => {
    let own: string | null = null;
    await variants[Number(isHttps(c))]![Number(isTeamPath(c.req.path))]!(c, async () => {
      await next();
      own = c.res.headers.get("Content-Security-Policy");
    });
    if (own) c.res.headers.set("Content-Security-Policy", own);
  };
}

function headersFor(
  config: Pick<Config, "NODE_ENV">,
  scriptHashesFor: (path: string) => readonly string[] | undefined,
  { https, team }: { https: boolean; team: boolean },
): MiddlewareHandler {
  const scriptSources = (c: Context) => {
    const hashes = scriptHashesFor(c.req.path);
    return hashes ? hashes.map((hash) => `'${hash}'`).join(" ") : NONCE(c, "script-src");
  };
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", scriptSources],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      // `npm run dev`: Vite's hot reload talks over a WebSocket on its own port.
      connectSrc: config.NODE_ENV === "development" ? ["'self'", "ws:"] : ["'self'"],
      manifestSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: team ? "same-origin" : false,
    crossOriginResourcePolicy: "same-site",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
  });
}
