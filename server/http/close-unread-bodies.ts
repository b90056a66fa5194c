import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";

/**
 * `Connection: close` on every answer given while the request's body is still arriving (a
 * body refused as too large, or not read at all): Node then closes the connection after the
 * answer instead of reading the rest of the body to keep it alive. A body that arrived whole
 * (read or not) leaves the connection open.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.complete) c.res.headers.set("Connection", "close");
};
