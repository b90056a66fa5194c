import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { MiddlewareHandler } from "hono";
import { drainBytes } from "./page-body.ts";

/**
 * How long a connection closed under a body still arriving keeps reading (and dropping) it
 * after the answer went out. Closing a socket with unread bytes in it resets the connection,
 * and a client still sending (a browser uploading a large form) then loses the answer it had
 * not read yet: nginx and Apache "linger" for the same reason.
 */
export const lingerMs = 1000;

/**
 * `Connection: close` on an answer given while a large request body is still arriving (one
 * refused as too large, or not read at all): the connection is then closed after the answer
 * instead of the rest of the body being read to keep it alive. The close lingers (`lingerMs`):
 * the answer and a FIN go out, what still arrives is dropped, then the socket is destroyed. A
 * body that arrived whole, or one declared at most `drainBytes` long (@hono/node-server reads
 * and drops that after the answer), leaves the connection open.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return;
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN);
  if (declared <= drainBytes && incoming.headers["transfer-encoding"] === undefined) return;
  c.res.headers.set("Connection", "close");
  lingerOnClose(incoming.socket, incoming);
};

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(): end, then destroy once the
 * answer is written. Here, for this socket only: end (the answer and a FIN), destroy after
 * `lingerMs` or when the client closes first. Meanwhile nothing reads the rest of the body
 * (neither Node's dump of an unread body nor @hono/node-server's drain may resume it): it stays
 * in the kernel's buffers, the client's writes stall, and our memory stays flat.
 */
function lingerOnClose(socket: Socket, incoming: IncomingMessage) {
  incoming.pause();
  Object.assign(incoming, { resume: () => incoming });
  let lingering = false;
  Object.assign(socket, {
    destroySoon: () => {
      if (lingering) return;
      lingering = true;
      socket.end();
      // Node's server keeps parsing (and dropping) what arrives once the answer is done: stop
      // reading the socket instead, the bytes wait in the kernel.
      socket.pause();
      const timer = setTimeout(() => socket.destroy(), lingerMs);
      timer.unref();
      socket.once("close", () => clearTimeout(timer));
    },
  });
}
