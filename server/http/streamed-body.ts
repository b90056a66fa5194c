/**
 * The body of a response when it is a stream (a page React Router renders, an export), else
 * undefined. @hono/node-server keeps the body a Response was made with under its own symbol
 * ("cache") until something reads `.body`; reading `.body` of every answer would turn each
 * small one into a stream and lose its Content-Length, so the stream is looked for there
 * first (`streamed-body.test.ts` fails if that changes), and `.body` is read only of a
 * response that has none (a Response made elsewhere, or one already read).
 */
export function streamedBody(response: Response): ReadableStream<Uint8Array> | undefined {
  const cache = Object.getOwnPropertySymbols(response).find(
    (symbol) => symbol.description === "cache",
  );
  if (cache) {
    const kept = (response as unknown as Record<symbol, unknown[] | undefined>)[cache]?.[1];
    return kept instanceof ReadableStream ? (kept as ReadableStream<Uint8Array>) : undefined;
  }
  return response.body ?? undefined;
}

/**
 * `body` with its failures caught: the first chunk is read before the answer goes (a failure
 * there is `failedBefore`: the caller answers 500 instead); a later one is handed to
 * `failedAfter` (which logs it and ends the connection, so the client sees an answer cut
 * short) and never reaches the server's writer, which would print it raw on stderr.
 */
export async function guardedBody(
  body: ReadableStream<Uint8Array>,
  failedAfter: (error: unknown) => "end" | "error",
): Promise<{ ok: true; body: ReadableStream<Uint8Array> } | { ok: false; error: unknown }> {
  const reader = body.getReader();
  let first: ReadableStreamReadResult<Uint8Array>;
  try {
    first = await reader.read();
  } catch (error) {
    return { ok: false, error };
  }
  let started = false;
  return {
    ok: true,
    body: new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (!started) {
            started = true;
            if (first.done) controller.close();
            else controller.enqueue(first.value);
            return;
          }
          try {
            const next = await reader.read();
            if (next.done) controller.close();
            else controller.enqueue(next.value);
          } catch (error) {
            // "end": the connection is ended by the caller, nothing more comes; "error": no
            // connection to end (a test's request), the reader sees the failure.
            if (failedAfter(error) === "error") controller.error(error);
          }
        },
        cancel(reason) {
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    ),
  };
}
