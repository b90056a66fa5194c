import type http from "node:http";

/**
 * Writes a body of `total` bytes ("aaa…") to `request`, made as it goes: 64 KiB at a time, each
 * once the last has drained, so the client never holds more. It stops writing as soon as
 * `stopped()` says so (an answer came, the connection closed), and ends the request otherwise.
 * `written` counts the bytes written so far; `start` begins.
 */
export function bodyPump(request: http.ClientRequest, total: number, stopped: () => boolean) {
  const chunk = Buffer.alloc(64 * 1024, "a");
  const pump = {
    written: 0,
    start() {
      while (!stopped() && pump.written < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - pump.written));
        pump.written += piece.length;
        if (!request.write(piece)) {
          request.once("drain", () => pump.start());
          return;
        }
      }
      if (!stopped()) request.end();
    },
  };
  return pump;
}
