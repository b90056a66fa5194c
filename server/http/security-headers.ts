import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.ts";

/**
 * Security headers of every response. Scripts run only from this origin, plus React Router's
 * inline scripts: by a per-response nonce on server-rendered pages, and by their hashes on the
 * pages prerendered at build time (`scriptHashesFor` knows those).
 */
export function securityHeaders(
  config: Pick<Config, "NODE_ENV">,
  scriptHashesFor: (path: string) => readonly string[] | undefined,
  /** Whether the visitor reached us over HTTPS (directly, or through a trusted proxy). */
  isHttps: (c: Context) => boolean,
): MiddlewareHandler {
  const overHttps = headersFor(config, scriptHashesFor, true);
  const overHttp = headersFor(config, scriptHashesFor, false);
  // HSTS (and upgrade-insecure-requests) only on answers the visitor received over HTTPS:
  // browsers ignore HSTS over plain HTTP, and a site reached over HTTP must stay reachable.
  return (c, next) => (isHttps(c) ? overHttps(c, next) : overHttp(c, next));
}

function headersFor(
  config: Pick<Config, "NODE_ENV">,
  scriptHashesFor: (path: string) => readonly string[] | undefined,
  https: boolean,
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
    crossOriginOpenerPolicy: "same-origin",
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
