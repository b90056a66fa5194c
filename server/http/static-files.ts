import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

const hasExtension = /\/[^/]+\.[a-z0-9]+$/i;

/**
 * Files of the client build: hashed `/assets/*` cached for a year, other public files for a
 * day, each in its precompressed brotli/gzip variant when the client accepts one.
 * Only paths with a file extension are looked up; pages go to the router.
 */
export function staticFiles(buildDir: string): MiddlewareHandler {
  const serve = serveStatic({
    root: path.join(buildDir, "client"),
    precompressed: true,
    onFound: (_file, c) => {
      c.header(
        "Cache-Control",
        c.req.path.startsWith("/assets/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=86400",
      );
    },
  });
  return async (c, next) => {
    if (!hasExtension.test(c.req.path) || c.req.path.endsWith(".html")) return next();
    return serve(c, next);
  };
}
