import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type CancellationContext,
  ERRORS,
  EVENTS,
  type Server,
  StreamLimiter,
  type Upload,
} from "@tus/server";

/**
 * PATCH bodies read as the Node stream they arrive as (decision 0089). @tus/server takes a web
 * `Request` and reads its body with `Readable.fromWeb`; under @hono/node-server that body is
 * itself `Readable.toWeb(IncomingMessage)`, so every 64 KiB of footage went Node → web → Node:
 * a promise or two per piece, and the buffers held across them survive into V8's old space, so
 * the server ran a full garbage collection about every 8 MiB (bench:uploads, 2026-11-28: 5.5 s
 * of server CPU per 512 MiB against 1.0 s for a plain PUT). Here, a PATCH that comes with its
 * IncomingMessage is handed to tus without a body, and tus's own write step (`writeToStore`,
 * replaced on the PATCH handler only) reads the IncomingMessage instead, with what tus does
 * around it kept: the body bounded (tus's StreamLimiter, at what tus computed from
 * Upload-Length, Upload-Offset and Content-Length), the bytes so far kept when tus asks the
 * request to let go of its lock (the body then left unread), a dropped connection answered as
 * tus answers it. A request without an IncomingMessage (tests calling the app directly) goes
 * the web way, unchanged.
 */
export function readPatchBodiesFromNode(server: Server) {
  const bodies = new AsyncLocalStorage<IncomingMessage>();
  const patch = server.handlers.PATCH as unknown as {
    writeToStore: WriteToStore;
    listenerCount(event: string): number;
    store: { write(stream: Readable, id: string, offset: number): Promise<number> };
  };
  const webWay = patch.writeToStore.bind(patch);
  patch.writeToStore = (webStream, upload, maxBodySize, context) => {
    const incoming = bodies.getStore();
    // tus's POST_RECEIVE progress events read its own stream: none are listened to here.
    if (!incoming || patch.listenerCount(EVENTS.POST_RECEIVE) > 0) {
      return webWay(webStream, upload, maxBodySize, context);
    }
    return writeFromNode(incoming, maxBodySize, context, (stream) =>
      patch.store.write(stream, upload.id, upload.offset),
    );
  };
  return {
    /** Runs tus on `request`; a PATCH with its IncomingMessage goes to tus bodiless. */
    handle(request: Request, incoming: IncomingMessage | undefined): Promise<Response> {
      if (!incoming || request.method !== "PATCH") return server.handleWeb(request);
      const bodiless = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
      });
      return bodies.run(incoming, () => server.handleWeb(bodiless));
    },
  };
}

type WriteToStore = (
  webStream: ReadableStream | null,
  upload: Upload,
  maxBodySize: number,
  context: CancellationContext,
) => Promise<number>;

/** tus's `writeToStore` (BaseHandler, @tus/server 2.4) with the IncomingMessage as its source. */
async function writeFromNode(
  incoming: IncomingMessage,
  maxBodySize: number,
  context: CancellationContext,
  write: (stream: Readable) => Promise<number>,
): Promise<number> {
  if (context.signal.aborted) throw ERRORS.ABORTED;
  // A proxy between the request and the store: on an abort the request is unpiped (never
  // destroyed, so the client still gets its answer) and what came so far is written.
  const proxy = new PassThrough();
  let sourceError: unknown;
  let sourceFailed = false;
  const onSourceError = (error: unknown) => {
    sourceError = error;
    sourceFailed = true;
    incoming.unpipe(proxy);
    if (!context.signal.aborted) proxy.destroy(error as Error);
  };
  incoming.on("error", onSourceError);
  const onAbort = () => {
    incoming.unpipe(proxy);
    if (!proxy.destroyed) proxy.end();
  };
  context.signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await pipeline(incoming.pipe(proxy), new StreamLimiter(maxBodySize), write);
  } catch (error) {
    incoming.unpipe(proxy);
    const fromSource = sourceFailed && error === sourceError;
    const aborted = error instanceof Error && error.name === "AbortError";
    throw fromSource || aborted ? ERRORS.ABORTED : error;
  } finally {
    incoming.off("error", onSourceError);
    context.signal.removeEventListener("abort", onAbort);
  }
}
