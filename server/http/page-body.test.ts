import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyPump } from "../test/body-pump.ts";
import { closeUnreadBodies, lingerMs } from "./close-unread-bodies.ts";
import { drainBytes, maxFormBytes, readPageBody } from "./page-body.ts";

/** A page route as the server has it: the body read by readPageBody, the verdict as JSON. */
function startServer() {
  const app = new Hono();
  app.use(closeUnreadBodies);
  app.all("*", async (c) => {
    const body = await readPageBody(c);
    return c.json(body.ok ? { ok: true, bytes: body.body?.length ?? null } : body);
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  return new Promise<http.Server>((resolve) =>
    server.once("listening", () => resolve(server as http.Server)),
  );
}

interface Sent {
  status: number;
  json: Record<string, unknown>;
  connection: string | undefined;
  /** Bytes of the body written before the answer came. */
  writtenBeforeAnswer: number;
}

/** Sends `total` bytes of body in 64 KiB chunks (chunked unless `length` is declared). */
function send(
  port: number,
  request: { method?: string; path: string; type?: string; total: number; declare?: boolean },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (request.type) headers["Content-Type"] = request.type;
    if (request.declare) headers["Content-Length"] = request.total;
    // Chunked also for DELETE and OPTIONS (node:http would send their body unframed).
    else if (request.total > 0) headers["Transfer-Encoding"] = "chunked";
    const req = http.request({
      port,
      host: "127.0.0.1",
      path: request.path,
      method: request.method ?? "POST",
      headers,
      agent: new http.Agent({ keepAlive: true }),
    });
    let answered = false;
    const body = bodyPump(req, request.total, () => answered);
    let writtenBeforeAnswer = 0;
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      writtenBeforeAnswer = body.written;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          json: JSON.parse(text),
          connection: res.headers.connection,
          writtenBeforeAnswer,
        });
      });
    });
    body.start();
  });
}

const form = "application/x-www-form-urlencoded";

describe("readPageBody: every body bounded before it is parsed", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = await startServer();
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("takes a urlencoded form of up to 64 KiB on /onboarding and /onboarding.data", async () => {
    for (const path of ["/onboarding", "/onboarding.data", "/Onboarding/"]) {
      for (const declare of [true, false]) {
        const sent = await send(port, { path, type: form, total: maxFormBytes, declare });
        expect(sent.json, `${path} ${declare}`).toEqual({ ok: true, bytes: maxFormBytes });
      }
    }
  });

  it("refuses a form over 64 KiB with 413; a modest excess is read to the end, so the answer arrives", async () => {
    for (const declare of [true, false]) {
      const sent = await send(port, {
        path: "/onboarding",
        type: form,
        total: maxFormBytes + 1,
        declare,
      });
      expect(sent.json).toEqual({ ok: false, status: 413, complete: true });
      expect(sent.connection).not.toBe("close");
    }
  });

  it("answers a huge form at once with 413 and Connection: close, without reading it", async () => {
    const total = 50 * 1024 * 1024;
    for (const declare of [true, false]) {
      const sent = await send(port, { path: "/onboarding", type: form, total, declare });
      expect(sent.json).toEqual({ ok: false, status: 413, complete: false });
      expect(sent.connection).toBe("close");
      // Answered long before the body was sent: at most the drain allowance, and buffers.
      expect(sent.writtenBeforeAnswer).toBeLessThan(drainBytes + 8 * 1024 * 1024);
    }
  });

  it("closes such a connection after the answer, lingering a moment so the client reads it", async () => {
    // A client that keeps sending its 50 MB body, a 64 KiB piece every 10 ms, answer or not.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", () => {}); // a reset once the lingering is over is how it may end
    socket.write(
      `POST /onboarding HTTP/1.1\r\nHost: x\r\nContent-Type: ${form}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    const started = performance.now();
    const piece = Buffer.alloc(64 * 1024, "a");
    const writer = setInterval(() => socket.writable && socket.write(piece), 10);
    await new Promise((resolve) => socket.once("close", resolve));
    clearInterval(writer);
    const closedAfterMs = performance.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /); // the stub answers the verdict with 200
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('{"ok":false,"status":413,"complete":false}');
    expect(closedAfterMs).toBeGreaterThanOrEqual(lingerMs - 100);
    expect(closedAfterMs).toBeLessThan(lingerMs + 3000);
  });

  it.each([
    ["multipart", "multipart/form-data; boundary=x"],
    ["JSON", "application/json"],
    ["plain text", "text/plain"],
    ["no type", undefined],
  ])("answers 415 for a %s body on the form's action", async (_what, type) => {
    const sent = await send(port, { path: "/onboarding", type, total: 100, declare: true });
    expect(sent.json).toEqual({ ok: false, status: 415, complete: true });
  });

  it.each([
    ["POST", "/"],
    ["POST", "/thank-you"],
    ["POST", "/no-such-page"],
    ["PUT", "/onboarding"],
    ["DELETE", "/onboarding"],
    ["PATCH", "/onboarding.data"],
    ["POST", "/onboarding/extra"],
    ["OPTIONS", "/onboarding"],
  ])("answers %s %s with 405, reading no body", async (method, path) => {
    const small = await send(port, { method, path, type: form, total: 10, declare: true });
    expect(small.json).toEqual({ ok: false, status: 405, complete: true });
    const huge = await send(port, { method, path, type: form, total: 50 * 1024 * 1024 });
    expect(huge.json).toEqual({ ok: false, status: 405, complete: false });
    expect(huge.connection).toBe("close");
  });

  it("reads no body of a GET", async () => {
    const sent = await send(port, { method: "GET", path: "/onboarding", total: 0 });
    expect(sent.json).toEqual({ ok: true, bytes: null });
  });
});
