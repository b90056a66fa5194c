import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intakePath } from "#app/shared/paths.ts";
import { loadConfig } from "../config.ts";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { httpServerOptions } from "./http-options.ts";

const headersTimeout = 600;
const requestTimeout = 1500;

/**
 * Opens a connection, sends `head` and then `trickle` one byte every `everyMs` until the server
 * closes the connection. Resolves with what the server sent and when it closed (ms after the
 * first byte), or rejects after `giveUpMs`.
 */
function trickle(port: number, head: string, trickle: string, everyMs: number, giveUpMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number; sentBytes: number }>(
    (resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const started = performance.now();
      let answer = "";
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`still open after ${giveUpMs} ms`));
      }, giveUpMs);
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        answer += chunk;
      });
      socket.on("error", () => {}); // a reset after the 408 is how it may end
      socket.on("close", () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ answer, closedAfterMs: performance.now() - started, sentBytes: sent });
      });
      socket.on("connect", () => {
        socket.write(head);
        timer = setInterval(() => {
          if (socket.destroyed) return;
          socket.write(trickle[sent % trickle.length] ?? "x");
          sent += 1;
        }, everyMs);
      });
    },
  );
}

describe("slow clients", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      HTTP_HEADERS_TIMEOUT_MS: String(headersTimeout),
      HTTP_REQUEST_TIMEOUT_MS: String(requestTimeout),
    });
  });
  afterAll(() => server.stop());

  it("cuts off a client sending its headers a byte at a time (slowloris)", async () => {
    const result = await trickle(
      server.port,
      `POST ${intakePath} HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
      "X-Slow: abcdefghijklmnopqrstuvwxyz\r\n",
      50,
      10_000,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(headersTimeout - 50);
    // The check runs every quarter of the limit: cut off soon after it, not 30 s later.
    expect(result.closedAfterMs).toBeLessThan(headersTimeout * 2 + 500);
  });

  it("cuts off a request whose body dribbles in (request timeout)", async () => {
    const body = JSON.stringify(validApplication());
    const result = await trickle(
      server.port,
      `POST ${intakePath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
      50,
      10_000,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.sentBytes).toBeLessThan(body.length); // cut off before the body was complete
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(requestTimeout - 50);
    expect(result.closedAfterMs).toBeLessThan(requestTimeout + headersTimeout + 500);
  });

  it("keeps serving everyone else meanwhile", async () => {
    const slow = trickle(server.port, `POST ${intakePath} HTTP/1.1\r\n`, "X: y\r\n", 50, 10_000);
    const response = await server.submit(validApplication());
    expect(response.status).toBe(200);
    await slow;
  });
});

describe("httpServerOptions", () => {
  it("defaults to 10 s for headers and 30 s per request, checked every second", () => {
    const options = httpServerOptions(loadConfig({}));
    expect(options).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1000,
    });
  });

  it("refuses a headers timeout longer than the request timeout", () => {
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "5000", HTTP_REQUEST_TIMEOUT_MS: "1000" }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});
