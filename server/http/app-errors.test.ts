import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { intakePath } from "#app/shared/paths.ts";
import { loadConfig } from "../config.ts";
import { createApp } from "./app.ts";
import type { AppEnv } from "./app-env.ts";
import { type Listening, listen } from "./http-server.ts";

/** The log's lines, as JSON, and what reached stderr meanwhile. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { base: undefined },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const stderr: string[] = [];
  const original = { error: console.error, info: console.info };
  console.error = (...args: unknown[]) => stderr.push(args.map(String).join(" "));
  console.info = (...args: unknown[]) => stderr.push(args.map(String).join(" "));
  return { lines, logger, stderr, restore: () => Object.assign(console, original) };
}

/** A stream that gives `good` chunks of text, then fails as a string too long would. */
function failingAfter(good: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= good) throw new RangeError("Invalid string length");
      sent += 1;
      controller.enqueue(new TextEncoder().encode(`${"x".repeat(1000)}\n`));
    },
  });
}

let server: Listening | undefined;
let restore = () => {};
afterEach(async () => {
  restore();
  await server?.close();
});

async function serving(stream: () => ReadableStream<Uint8Array>) {
  const log = capture();
  restore = log.restore;
  const build = await mkdtemp(path.join(tmpdir(), "reelsmith-build-"));
  await mkdir(path.join(build, "client"));
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", BUILD_DIR: build });
  const api = new Hono<AppEnv>();
  api.get("/", () => new Response(stream(), { headers: { "Content-Type": "text/plain" } }));
  const app = createApp({
    config,
    logger: log.logger,
    intakeApi: api,
    health: async () => ({ ok: true, database: "ok" }),
    loadBuild: () => Promise.reject(new Error("no build")),
    prerendered: new Map(),
  });
  server = await listen(app.fetch, config);
  return { log, url: `${server.url}${intakePath}` };
}

/** The access line of a request, once it is written (it is, when the answer has gone). */
async function accessLine(lines: Record<string, unknown>[], reqId: string) {
  for (let i = 0; i < 100; i += 1) {
    const found = lines.find((line) => line.reqId === reqId && "status" in line);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no access line");
}

describe("an answer that fails while it streams", () => {
  it("before its first chunk: a 500 with the request id, one JSON error line, nothing on stderr", async () => {
    const { log, url } = await serving(() => failingAfter(0));
    const answer = await fetch(url);
    const reqId = answer.headers.get("x-request-id") ?? "";
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ ok: false, error: "internal_error", requestId: reqId });
    expect(await accessLine(log.lines, reqId)).toMatchObject({ status: 500 });
    const errors = log.lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reqId, err: { type: "RangeError" } });
    expect(log.stderr).toEqual([]);
  });

  it("after its headers: the connection is cut, the log says so with the status sent, nothing on stderr", async () => {
    const { log, url } = await serving(() => failingAfter(200));
    const answer = await fetch(url);
    const reqId = answer.headers.get("x-request-id") ?? "";
    expect(answer.status).toBe(200);
    // The client sees a transfer cut short, never a whole-looking file.
    await expect(answer.text()).rejects.toThrow();
    expect(await accessLine(log.lines, reqId)).toMatchObject({
      status: 200,
      complete: false,
      failed: "after_headers",
    });
    const errors = log.lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reqId, err: { message: "Invalid string length" } });
    expect(log.stderr).toEqual([]);
  });

  it("a whole answer is logged once, complete, with the status sent", async () => {
    const { log, url } = await serving(
      () => new Response("fine").body as ReadableStream<Uint8Array>,
    );
    const answer = await fetch(url);
    expect(await answer.text()).toBe("fine");
    const reqId = answer.headers.get("x-request-id") ?? "";
    const line = await accessLine(log.lines, reqId);
    expect(line).toMatchObject({ status: 200 });
    expect(line).not.toHaveProperty("complete");
    expect(log.lines.filter((entry) => entry.reqId === reqId)).toHaveLength(1);
  });
});
