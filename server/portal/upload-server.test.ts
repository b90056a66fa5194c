import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, it, onTestFinished, vi } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { describeEachBackend } from "../test/backends.ts";
import { pdfBytes, wavBytes } from "../test/media-bytes.ts";
import { signedInClient } from "../test/portal-session.ts";
import { serverOn, startTestServer } from "../test/server.ts";

/** tus's Upload-Metadata naming the client's request (the endpoint refuses a creation without). */
const requestOf = (client: { requestId: string }) =>
  `request ${Buffer.from(client.requestId).toString("base64")}`;

/** Ana's upload of `size` bytes of sound, created (201): its tus headers, bytes and URL. */
async function createdUpload(url: string, database: DatabaseHandle, size: number) {
  const a = await signedInClient(database, "ana");
  const headers = { "Tus-Resumable": "1.0.0", Origin: new URL(url).origin, cookie: a.cookie };
  const sound = wavBytes(size);
  const created = await fetch(new URL("/portal/uploads", url), {
    method: "POST",
    headers: { ...headers, "Upload-Length": String(sound.length), "Upload-Metadata": requestOf(a) },
  });
  expect(created.status).toBe(201);
  return { headers, sound, location: new URL(created.headers.get("location") ?? "", url) };
}

/**
 * A PATCH that sends `first` and then nothing more (a phone that lost its network without
 * closing the connection): what the server answered, or "closed" when the connection ended
 * without an answer, and after how long.
 */
function stalledPatch(url: URL, headers: Record<string, string>, first: Buffer) {
  const started = performance.now();
  return new Promise<{ answer: number | "closed"; afterMs: number }>((resolve) => {
    const request = httpRequest(url, { method: "PATCH", headers });
    const end = (answer: number | "closed") =>
      resolve({ answer, afterMs: Math.round(performance.now() - started) });
    request.on("response", (response) => {
      response.resume();
      end(response.statusCode ?? 0);
    });
    request.on("error", () => end("closed"));
    request.on("close", () => end("closed"));
    request.write(first);
  });
}

describeEachBackend("a slow PATCH to /portal/uploads on $name", (backend) => {
  it("is cut at HTTP_REQUEST_TIMEOUT_MS, keeps the bytes it brought and frees the upload at once", async () => {
    const { server, database } = await serverOn(backend, {
      PUBLIC_SITE_URL: "http://localhost:3000",
      HTTP_HEADERS_TIMEOUT_MS: "500",
      HTTP_REQUEST_TIMEOUT_MS: "1000",
    });
    const { headers, sound, location } = await createdUpload(server.url, database, 10_000);
    const id = location.pathname.split("/").at(-1) ?? "";

    const stalled = await stalledPatch(
      location,
      {
        ...headers,
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "0",
        "Content-Length": String(sound.length),
      },
      sound.subarray(0, 5000),
    );
    // Node ends it: 408, or the connection closed, within the limit and its checking interval.
    expect([408, "closed"]).toContain(stalled.answer);
    expect(stalled.afterMs).toBeGreaterThanOrEqual(900);
    expect(stalled.afterMs).toBeLessThan(3000);
    // The request's handler ended with it: the upload's lock is let go (no lease left renewed).
    await vi.waitFor(
      async () => {
        const locks = await database.db.selectFrom("uploadLocks").select("uploadId").execute();
        expect(locks).toEqual([]);
      },
      { timeout: 2000 },
    );
    // The bytes that came are kept: the upload goes on from them.
    const head = await fetch(location, { method: "HEAD", headers });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("5000");
    const rest = await fetch(location, {
      method: "PATCH",
      headers: {
        ...headers,
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "5000",
      },
      body: new Uint8Array(sound.subarray(5000)),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe("10000");
    const row = await database.db
      .selectFrom("clientUploads")
      .select(["completedAt", "mimeType"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.mimeType).toBe("audio/wav");
    expect(row.completedAt).not.toBeNull();
  });
});

describeEachBackend("the server's job list on $name", (backend) => {
  it("runs portal-upload-expiry: a server started with a short PORTAL_UPLOAD_EXPIRY_HOURS removes an old unfinished upload", async () => {
    const setup = await backend.setup();
    onTestFinished(setup.cleanup);
    const env = { ...setup.env, PUBLIC_SITE_URL: "http://localhost:3000" };
    const first = await startTestServer(env);
    const database = first.openDatabase();
    const a = await signedInClient(database, "ana");
    const origin = new URL(first.url).origin;
    const headers = { "Tus-Resumable": "1.0.0", Origin: origin, cookie: a.cookie };
    const created = await fetch(new URL("/portal/uploads", first.url), {
      method: "POST",
      headers: { ...headers, "Upload-Length": "10000", "Upload-Metadata": requestOf(a) },
    });
    const id = created.headers.get("location")?.split("/").at(-1) ?? "";
    const file = path.join(first.dataDir, "media", id);
    expect(existsSync(file)).toBe(true);
    await database.close();
    await first.stop();
    // 3.6 ms: the upload made above is older than that when the next server starts.
    const second = await startTestServer({
      ...env,
      DATA_DIR: first.dataDir,
      PORTAL_UPLOAD_EXPIRY_HOURS: "0.000001",
    });
    onTestFinished(() => second.stop());
    const after = second.openDatabase();
    onTestFinished(() => after.close());
    await vi.waitFor(async () => {
      expect(await after.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
      expect(existsSync(file)).toBe(false);
    });
  });
});

describeEachBackend("a large file of another type through the server on $name", (backend) => {
  it("is answered 415 in words the client can read, and nothing of it is kept", async () => {
    const { server, database } = await serverOn(backend, {
      PUBLIC_SITE_URL: "http://localhost:3000",
    });
    const origin = new URL(server.url).origin;
    const a = await signedInClient(database, "ana");
    const headers = { "Tus-Resumable": "1.0.0", Origin: origin, cookie: a.cookie };
    const size = 20 * 1024 * 1024;
    const created = await fetch(new URL("/portal/uploads", server.url), {
      method: "POST",
      headers: { ...headers, "Upload-Length": String(size), "Upload-Metadata": requestOf(a) },
    });
    const location = new URL(created.headers.get("location") ?? "", server.url);
    const refused = await fetch(location, {
      method: "PATCH",
      headers: {
        ...headers,
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "0",
      },
      body: new Uint8Array(pdfBytes(size)),
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("Only video, audio and image files can be uploaded");
    const id = location.pathname.split("/").at(-1) ?? "";
    expect(existsSync(path.join(server.dataDir, "media", id))).toBe(false);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
  });
});

describeEachBackend("PATCHes through the server on $name", (backend) => {
  it("are read from the Node request, never converted to web streams and back (decision 0089), and store the file whole", async () => {
    const { server, database } = await serverOn(backend, {
      PUBLIC_SITE_URL: "http://localhost:3000",
    });
    const { headers, sound, location } = await createdUpload(server.url, database, 3 * 1024 * 1024);
    // Node's adapters between its streams and web streams: tus reads a web body with fromWeb,
    // and @hono/node-server makes one with toWeb. Neither may carry a PATCH's bytes.
    const fromWeb = vi.spyOn(Readable, "fromWeb");
    const toWeb = vi.spyOn(Readable, "toWeb");
    onTestFinished(() => {
      fromWeb.mockRestore();
      toWeb.mockRestore();
    });
    const half = 1.5 * 1024 * 1024;
    for (const offset of [0, half]) {
      const answer = await fetch(location, {
        method: "PATCH",
        headers: {
          ...headers,
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": String(offset),
        },
        body: new Uint8Array(sound.subarray(offset, offset + half)),
      });
      expect(answer.status, await answer.text()).toBe(204);
      expect(answer.headers.get("upload-offset")).toBe(String(offset + half));
    }
    expect(fromWeb).not.toHaveBeenCalled();
    expect(toWeb).not.toHaveBeenCalled();
    const id = location.pathname.split("/").at(-1) ?? "";
    const stored = await readFile(path.join(server.dataDir, "media", id));
    const hash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
    expect(hash(stored)).toBe(hash(sound));
  });
});
