import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { wavBytes } from "../../server/test/media-bytes.ts";
import { signedInClient } from "../../server/test/portal-session.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import { waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, restartInstance, startInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";

// Issue 38's uploads that resume, against real servers in child processes: a `kill -9` in the
// middle of a PATCH, then the upload goes on from the offset HEAD gives, on the same instance
// restarted (SQLite) or on another instance over the same PostgreSQL and media folder. The
// stored file must be the source byte for byte, and no more than one chunk sent again.

const chunk = 8 * 1024 * 1024;
const size = 6 * chunk;
const source = wavBytes(size);
const sourceHash = createHash("sha256").update(source).digest("hex");

interface Client {
  cookie: string;
  requestId: string;
}

/** The tus headers of `client`'s requests to `instance` (the site's own Origin). */
const tusHeaders = (instance: Instance, client: Client) => ({
  "Tus-Resumable": "1.0.0",
  Origin: new URL(instance.url).origin,
  Cookie: client.cookie,
});

async function createUpload(instance: Instance, client: Client): Promise<string> {
  const created = await fetch(`${instance.url}/portal/uploads`, {
    method: "POST",
    headers: {
      ...tusHeaders(instance, client),
      "Upload-Length": String(size),
      "Upload-Metadata": `request ${Buffer.from(client.requestId).toString("base64")}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return new URL(created.headers.get("location") ?? "", instance.url).pathname;
}

/** The offset the server holds (HEAD), as a client asks before it resumes. */
async function offsetOf(instance: Instance, client: Client, location: string): Promise<number> {
  const head = await fetch(`${instance.url}${location}`, {
    method: "HEAD",
    headers: tusHeaders(instance, client),
  });
  expect(head.status).toBe(200);
  return Number(head.headers.get("upload-offset"));
}

/** PATCHes chunk by chunk from `from` up to `until` (the end); the bytes sent. */
async function send(
  instance: Instance,
  client: Client,
  location: string,
  from: number,
  until = size,
) {
  let sent = 0;
  for (let offset = from; offset < until; ) {
    const body = source.subarray(offset, Math.min(offset + chunk, size));
    const answer = await fetch(`${instance.url}${location}`, {
      method: "PATCH",
      headers: {
        ...tusHeaders(instance, client),
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(body),
    });
    expect(answer.status, await answer.clone().text()).toBe(204);
    sent += body.length;
    offset = Number(answer.headers.get("upload-offset"));
  }
  return sent;
}

/**
 * Starts a PATCH of the chunk at `offset`, sends half of it, and `kill -9`s the instance once
 * the server has stored some of that half (HEAD from the side, with the store's own reading):
 * a crash in the middle of a body. The bytes that left this side.
 */
async function crashMidPatch(
  instance: Instance,
  witness: Instance,
  client: Client,
  location: string,
  offset: number,
) {
  const half = source.subarray(offset, offset + chunk / 2);
  const url = new URL(`${instance.url}${location}`);
  const patch = httpRequest(url, {
    method: "PATCH",
    headers: {
      ...tusHeaders(instance, client),
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": String(chunk),
    },
  });
  const ended = new Promise<void>((resolve) => {
    patch.on("error", () => resolve());
    patch.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve());
    });
  });
  patch.write(half);
  // The store holds part of this chunk: what a phone's cut connection would leave.
  await waitFor(async () => (await storedBytes(witness, location)) > offset, {
    timeoutMs: 15_000,
    intervalMs: 20,
    what: "bytes of the cut chunk stored",
  });
  await instance.crash();
  patch.destroy();
  await ended;
  return half.length;
}

/** The stored file's size, read from the media folder (a witness's data directory). */
async function storedBytes(witness: Instance, location: string): Promise<number> {
  const file = path.join(witness.dataDir, "media", location.split("/").at(-1) ?? "");
  return readFile(file)
    .then((bytes) => bytes.length)
    .catch(() => 0);
}

async function storedHash(instance: Instance, location: string) {
  const file = path.join(instance.dataDir, "media", location.split("/").at(-1) ?? "");
  return createHash("sha256")
    .update(await readFile(file))
    .digest("hex");
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

describe("14. uploads resume after a crash", () => {
  const { instances, keep, freshDatabase } = stopAfterAll();

  /** Two chunks, a crash in the third, then the rest from HEAD's offset on `next()`. */
  async function crashAndResume(first: Instance, client: Client, next: () => Promise<Instance>) {
    const location = await createUpload(first, client);
    let sent = await send(first, client, location, 0, 2 * chunk);
    const crashedAt = 2 * chunk;
    sent += await crashMidPatch(first, first, client, location, crashedAt);
    const second = await next();
    const offset = await offsetOf(second, client, location);
    const resumedAt = performance.now();
    sent += await send(second, client, location, offset);
    const resumeMs = performance.now() - resumedAt;
    const hash = await storedHash(second, location);
    return { location, sent, offset, crashedAt, resumeMs, hash };
  }

  function figuresOf(result: Awaited<ReturnType<typeof crashAndResume>>) {
    const again = result.sent - size;
    return [
      { name: "file", value: mib(size) },
      {
        name: "stored of the cut chunk (HEAD after the crash)",
        value: mib(result.offset - result.crashedAt),
      },
      { name: "bytes sent again", value: mib(again), must: `≤ ${mib(chunk)} (one chunk)` },
      { name: "resume to the end (s)", value: (result.resumeMs / 1000).toFixed(1) },
      {
        name: "SHA-256 of the stored file = the source's",
        value: result.hash === sourceHash,
        must: "true",
      },
    ];
  }

  it("SQLite: kill -9 mid-PATCH, restart, resume from HEAD's offset: the file whole, at most one chunk again", async ({
    task,
  }) => {
    const first = await startInstance({ PORTAL_CLIENT_QUOTA_BYTES: String(4 * size) });
    instances.push(first);
    const database = keep(
      openDatabase({ DATABASE_URL: undefined, dataDir: first.dataDir }),
      (handle) => handle.close(),
    );
    const client = await signedInClient(database, "crash");
    const result = await crashAndResume(first, client, () => restartInstance(first, instances));
    recordFigures(task, {
      order: 14,
      scenario: "14 upload, kill -9 mid-PATCH, SQLite",
      figures: figuresOf(result),
    });
    expect(result.offset).toBeGreaterThan(result.crashedAt);
    expect(result.sent - size).toBeLessThanOrEqual(chunk);
    expect(result.hash).toBe(sourceHash);
  });

  it.skipIf(!postgresAvailable())(
    "PostgreSQL, two instances on one media folder: start on A, kill A mid-PATCH, finish on B",
    async ({ task }) => {
      const database = await freshDatabase();
      const shared = await startInstance({
        DATABASE_URL: database.url,
        PORTAL_CLIENT_QUOTA_BYTES: String(4 * size),
      });
      // B shares A's database and DATA_DIR (the one volume both mount).
      const a = shared;
      const b = await startInstance({ ...a.env, PORT: "" });
      instances.push(a, b);
      const store = keep(
        openDatabase({ DATABASE_URL: database.url, dataDir: a.dataDir }),
        (handle) => handle.close(),
      );
      const client = await signedInClient(store, "two");
      const result = await crashAndResume(a, client, async () => b);
      recordFigures(task, {
        order: 14.1,
        scenario: "14 upload, kill -9 of A mid-PATCH, finished on B, PostgreSQL",
        figures: figuresOf(result),
      });
      expect(a.alive()).toBe(false);
      expect(result.offset).toBeGreaterThan(result.crashedAt);
      expect(result.sent - size).toBeLessThanOrEqual(chunk);
      expect(result.hash).toBe(sourceHash);
    },
  );
});

describe("15. hostile tus requests", () => {
  const { instances, keep } = stopAfterAll();

  it("wrong offsets, bad lengths and checksums, foreign origins and 10,000 tiny creations: 4xx, nothing stored", async ({
    task,
  }) => {
    const openMax = 50;
    const server = await startInstance({
      PORTAL_CLIENT_QUOTA_BYTES: String(64 * 1024 * 1024),
      PORTAL_OPEN_UPLOADS_MAX: String(openMax),
    });
    instances.push(server);
    const database = keep(
      openDatabase({ DATABASE_URL: undefined, dataDir: server.dataDir }),
      (handle) => handle.close(),
    );
    const client = await signedInClient(database, "hostile");
    const headers = tusHeaders(server, client);
    const metadata = `request ${Buffer.from(client.requestId).toString("base64")}`;
    const post = (extra: Record<string, string>) =>
      fetch(`${server.url}/portal/uploads`, {
        method: "POST",
        headers: { ...headers, "Upload-Metadata": metadata, ...extra },
      });
    const statuses = new Map<string, number>();
    const seen = (what: string, answer: Response) => {
      statuses.set(what, answer.status);
      return answer;
    };

    // Lengths: negative, not a number, deferred, beyond the quota.
    seen("Upload-Length -1", await post({ "Upload-Length": "-1" }));
    seen("Upload-Length abc", await post({ "Upload-Length": "abc" }));
    seen("Upload-Defer-Length 1", await post({ "Upload-Defer-Length": "1" }));
    seen("Upload-Length 2^53", await post({ "Upload-Length": "9007199254740993" }));
    seen("beyond the quota", await post({ "Upload-Length": String(65 * 1024 * 1024) }));
    // No request, another origin, no session.
    seen(
      "no request named",
      await fetch(`${server.url}/portal/uploads`, {
        method: "POST",
        headers: { ...headers, "Upload-Length": "16" },
      }),
    );
    seen("another origin", await post({ "Upload-Length": "16", Origin: "https://evil.example" }));
    seen(
      "no session",
      await fetch(`${server.url}/portal/uploads`, {
        method: "POST",
        headers: { ...headers, Cookie: "", "Upload-Metadata": metadata, "Upload-Length": "16" },
      }),
    );

    // One real upload, then PATCHes at the wrong offset, past its length, with a bad checksum,
    // with the wrong content type.
    const created = await post({ "Upload-Length": "32" });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location") ?? "", server.url).href;
    const patch = (offset: number, body: Buffer, extra: Record<string, string> = {}) =>
      fetch(location, {
        method: "PATCH",
        headers: {
          ...headers,
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
          ...extra,
        },
        body: new Uint8Array(body),
      });
    const bytes = wavBytes(32);
    seen("PATCH at offset 5 of 0", await patch(5, bytes.subarray(5)));
    seen("PATCH at offset -1", await patch(-1, bytes));
    seen("PATCH past the length", await patch(0, wavBytes(64)));
    seen(
      "PATCH with a wrong checksum",
      await patch(0, bytes, { "Upload-Checksum": `sha1 ${Buffer.alloc(20).toString("base64")}` }),
    );
    seen("PATCH as text/plain", await patch(0, bytes, { "Content-Type": "text/plain" }));
    const head = await fetch(location, { method: "HEAD", headers });
    const offsetAfter = Number(head.headers.get("upload-offset"));

    // 10,000 tiny creations, 20 at a time: openMax are taken (the one above among them), the
    // rest refused with 429.
    const creations = new Map<number, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 10_000 && performance.now() - started < 120_000) {
          next += 1;
          const answer = await post({ "Upload-Length": "1" });
          await answer.arrayBuffer();
          creations.set(answer.status, (creations.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rows = await database.db
      .selectFrom("clientUploads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    recordFigures(task, {
      order: 15,
      scenario: "15 hostile tus requests",
      figures: [
        ...[...statuses].map(([what, status]) => ({ name: what, value: status, must: "4xx" })),
        { name: "offset after the hostile PATCHes", value: offsetAfter, must: "0" },
        {
          name: "10,000 tiny creations",
          value: [...creations].map(([status, n]) => `${status}×${n}`).join(" "),
        },
        { name: "their time (s)", value: seconds.toFixed(1) },
        { name: "uploads stored", value: Number(rows.n), must: `${openMax}` },
      ],
    });
    expect([...statuses].filter(([, status]) => status < 400 || status >= 500)).toEqual([]);
    expect(offsetAfter).toBe(0);
    expect(creations.get(201)).toBe(openMax - 1);
    expect(creations.get(429)).toBe(10_000 - (openMax - 1));
    expect(Number(rows.n)).toBe(openMax);
  });
});
