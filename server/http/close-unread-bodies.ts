import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { drainBytes } from "./page-body.ts";

/**
 * `Connection: close` on an answer given while a large request body is still arriving (one
 * refused as too large, or not read at all): Node then closes the connection after the answer
 * instead of reading the rest to keep it alive. A body that arrived whole, or one declared at
 * most `drainBytes` long (@hono/node-server reads and drops that after the answer), leaves the
 * connection open: closing a socket with unread bytes resets it, and the client may lose the
 * answer.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return;
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN);
  if (declared <= drainBytes && incoming.headers["transfer-encoding"] === undefined) return;
  c.res.headers.set("Connection", "close");
};
