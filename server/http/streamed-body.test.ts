import { getRequestListener } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { streamedBody } from "./streamed-body.ts";

describe("streamedBody", () => {
  // The server's Response (made global once it listens) keeps its body unread: a whole body
  // stays whole (its Content-Length kept), a stream is found without reading `.body`.
  getRequestListener(() => new Response(null));

  it("finds a stream, and only a stream", () => {
    const stream = new ReadableStream<Uint8Array>();
    expect(streamedBody(new Response(stream))).toBe(stream);
    expect(streamedBody(new Response("whole"))).toBeUndefined();
    expect(streamedBody(new Response(new Uint8Array(3)))).toBeUndefined();
    expect(streamedBody(new Response(null))).toBeUndefined();
  });

  it("leaves a whole body unread", () => {
    const response = new Response("whole");
    streamedBody(response);
    const kept = Object.getOwnPropertySymbols(response).find((s) => s.description === "cache");
    expect(kept).toBeDefined();
  });
});
