import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { expect, it } from "vitest";
import { describeEachBackend } from "../test/backends.ts";
import { wavBytes } from "../test/media-bytes.ts";
import { signedInClient } from "../test/portal-session.ts";
import { serverOn } from "../test/server.ts";
import { displayNameMax } from "./display-name.ts";
import { requestPage } from "./request-page.ts";
import { createUploads } from "./uploads.ts";

/** tus's Upload-Metadata: each key with its value in base64. */
const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

const tus = { "Tus-Resumable": "1.0.0" };

/** The uploads' files in the media folder, sorted (not `derived/`: the media job's folder). */
const uploadsIn = (media: string) =>
  existsSync(media)
    ? readdirSync(media)
        .filter((name) => name !== "derived")
        .sort()
    : [];

describeEachBackend("uploads to /portal/uploads (tus) on $name", (backend) => {
  async function setUp(quota = 25, openMax = 50) {
    const { server, database } = await serverOn(backend, {
      PUBLIC_SITE_URL: "http://localhost:3000",
      PORTAL_CLIENT_QUOTA_BYTES: String(quota),
      PORTAL_OPEN_UPLOADS_MAX: String(openMax),
    });
    const origin = new URL(server.url).origin;
    const call = (url: string, init: RequestInit & { cookie?: string } = {}) =>
      fetch(new URL(url, server.url), {
        ...init,
        redirect: "manual",
        headers: {
          ...tus,
          Origin: origin,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...init.headers,
        },
      });
    /**
     * Creates an upload for `request` (when given) named `filename`, of `length` bytes or of a
     * length told later ("deferred"); `headers` go with it (another site's Origin).
     */
    const create = (
      cookie: string | undefined,
      length: number | "deferred",
      meta: { request?: string; filename?: string } = {},
      headers: Record<string, string> = {},
    ) =>
      call("/portal/uploads", {
        method: "POST",
        cookie,
        headers: {
          ...(length === "deferred"
            ? { "Upload-Defer-Length": "1" }
            : { "Upload-Length": String(length) }),
          ...headers,
          ...(Object.keys(meta).length > 0
            ? { "Upload-Metadata": metadata(meta as Record<string, string>) }
            : {}),
        },
      });
    return { server, database, call, create };
  }

  it("takes a signed-in client's file in two PATCHes, resumable from the offset HEAD says; stored whole", async () => {
    const { server, database, call, create } = await setUp();
    const a = await signedInClient(database, "ana");
    const bytes = wavBytes(20); // a sound (only media is taken: upload-checks.test.ts)
    const created = await create(a.cookie, bytes.length, { request: a.requestId });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const id = location.split("/").at(-1) ?? "";
    expect(location).toBe(`/portal/uploads/${id}`);
    const patch = (offset: number, chunk: Buffer) =>
      call(location, {
        method: "PATCH",
        cookie: a.cookie,
        headers: {
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": String(offset),
        },
        body: new Uint8Array(chunk),
      });
    expect((await patch(0, bytes.subarray(0, 4))).headers.get("upload-offset")).toBe("4");
    // A client that lost its place asks where to go on from.
    const head = await call(location, { method: "HEAD", cookie: a.cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("4");
    // A wrong offset is refused and changes nothing.
    expect((await patch(2, bytes.subarray(2))).status).toBe(409);
    const done = await patch(4, bytes.subarray(4));
    expect(done.status).toBe(204);
    expect(done.headers.get("upload-offset")).toBe("20");
    const stored = readFileSync(path.join(server.dataDir, "media", id));
    expect(createHash("sha256").update(stored).digest("hex")).toBe(
      createHash("sha256").update(bytes).digest("hex"),
    );
    const row = await database.db
      .selectFrom("clientUploads")
      .select(["clientId", "size", "completedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.clientId).toBe(a.clientId);
    expect(Number(row.size)).toBe(20);
    expect(row.completedAt).not.toBeNull();
  });

  it("lets no one else reach an upload: another client 404, signed out 401, another site 403", async () => {
    const { call, create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    const location =
      (await create(a.cookie, 5, { request: a.requestId })).headers.get("location") ?? "";
    for (const method of ["HEAD", "PATCH", "DELETE"]) {
      const asB = await call(location, {
        method,
        cookie: b.cookie,
        headers: { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" },
        body: method === "PATCH" ? "xxxxx" : undefined,
      });
      expect(asB.status, `B ${method}`).toBe(404);
      const signedOut = await call(location, { method });
      expect(signedOut.status, `signed out ${method}`).toBe(401);
    }
    expect((await create(undefined, 5, { request: a.requestId })).status).toBe(401);
    expect((await create("portal_session=made-up", 5, { request: a.requestId })).status).toBe(401);
    const crossSite = await create(
      a.cookie,
      5,
      { request: a.requestId },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const head = await call(location, { method: "HEAD", cookie: a.cookie });
    expect(head.headers.get("upload-offset")).toBe("0");
    const rows = await database.db.selectFrom("clientUploads").select("clientId").execute();
    expect(rows).toEqual([{ clientId: a.clientId }]);
  });

  it("refuses at creation what would go over the client's quota, and all but one of eight racing for the last bytes", async () => {
    const { server, create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    expect((await create(a.cookie, 26, { request: a.requestId })).status).toBe(413); // over the quota by itself
    expect((await create(a.cookie, 20, { request: a.requestId })).status).toBe(201);
    expect((await create(a.cookie, 6, { request: a.requestId })).status).toBe(413);
    // Another client has a quota of its own.
    expect((await create(b.cookie, 25, { request: b.requestId })).status).toBe(201);
    // Eight uploads racing for A's last 5 bytes: one is taken, the others refused.
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => create(a.cookie, 5, { request: a.requestId })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(413)]);
    const sizes = await database.db
      .selectFrom("clientUploads")
      .select(["clientId", "size"])
      .where("clientId", "=", a.clientId)
      .execute();
    expect(sizes.reduce((sum, row) => sum + Number(row.size), 0)).toBe(25);
    // Nothing refused reached the disk: one file (and its tus record) per upload taken.
    const ids = (await database.db.selectFrom("clientUploads").select("id").execute()).map(
      (r) => r.id,
    );
    for (const id of ids) expect(existsSync(path.join(server.dataDir, "media", id))).toBe(true);
    expect(ids).toHaveLength(3);
  });

  it("refuses an upload whose length is not given at creation", async () => {
    const { create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const deferred = await create(a.cookie, "deferred", { request: a.requestId });
    expect(deferred.status).toBeGreaterThanOrEqual(400);
    expect(deferred.status).toBeLessThan(500);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
  });

  it("refuses an upload that names no request (400) or a request not of the person's client (404); nothing stored", async () => {
    const { server, call, create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    const none = await create(a.cookie, 5);
    expect(none.status).toBe(400);
    expect(await none.text()).toBe("Upload-Metadata must name the request (request)\n");
    const onlyName = await create(a.cookie, 5, { filename: "clip.mp4" });
    expect(onlyName.status).toBe(400);
    const theirs = await create(a.cookie, 5, { request: b.requestId, filename: "clip.mp4" });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe("No such request\n");
    const unknown = await create(a.cookie, 5, { request: randomUUID() });
    expect(unknown.status).toBe(404);
    const malformed = await call("/portal/uploads", {
      method: "POST",
      cookie: a.cookie,
      headers: { "Upload-Length": "5", "Upload-Metadata": "request !!notbase64" },
    });
    expect(malformed.status).toBe(400);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
    const media = path.join(server.dataDir, "media");
    expect(uploadsIn(media)).toEqual([]);
    // The same person's own request is taken.
    expect((await create(a.cookie, 5, { request: a.requestId })).status).toBe(201);
  });

  it("keeps the file's name as a display name only: cleaned, bounded, never the file's path", async () => {
    const { server, create, database } = await setUp();
    const a = await signedInClient(database, "ana");
    const hostile = `../../etc/\u0000passwd\r\nX-Evil: 1\u202e4pm.exe\u001b[31m${"a".repeat(500)}.mp4`;
    const created = await create(a.cookie, 5, { request: a.requestId, filename: hostile });
    expect(created.status).toBe(201);
    const id = created.headers.get("location")?.split("/").at(-1) ?? "";
    const row = await database.db
      .selectFrom("clientUploads")
      .select(["displayName", "requestId"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.requestId).toBe(a.requestId);
    expect(row.displayName.startsWith("../../etc/ passwd X-Evil: 14pm.exe [31maaa")).toBe(true);
    expect(Array.from(row.displayName)).toHaveLength(displayNameMax);
    expect(row.displayName.endsWith("…")).toBe(true);
    expect(row.displayName).not.toMatch(/[\p{Cc}\u202e]/u);
    // On disk: the upload's random id and tus's record beside it, holding the cleaned name only.
    const media = path.join(server.dataDir, "media");
    expect(uploadsIn(media)).toEqual([id, `${id}.json`].sort());
    const record = JSON.parse(readFileSync(path.join(media, `${id}.json`), "utf8"));
    expect(record.metadata).toEqual({ request: a.requestId, filename: row.displayName });
    // A name of nothing but controls is kept as "" (the page says "Unnamed file").
    const blank = await create(a.cookie, 5, { request: a.requestId, filename: "\u0007\u200b " });
    const blankId = blank.headers.get("location")?.split("/").at(-1) ?? "";
    const blankRow = await database.db
      .selectFrom("clientUploads")
      .select("displayName")
      .where("id", "=", blankId)
      .executeTakeFirstOrThrow();
    expect(blankRow.displayName).toBe("");
  });

  it("refuses a creation beyond PORTAL_OPEN_UPLOADS_MAX unfinished uploads (429 in words, nothing stored); a finished one makes room", async () => {
    const { call, create, database } = await setUp(1_000, 2);
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    const open = async (client: typeof a) =>
      create(client.cookie, 16, { request: client.requestId });
    const first = await open(a);
    expect(first.status).toBe(201);
    expect((await open(a)).status).toBe(201);
    const third = await open(a);
    expect(third.status).toBe(429);
    expect(await third.text()).toBe(
      "You have 2 uploads not finished yet: finish or remove some before starting another.\n",
    );
    const rows = () =>
      database.db
        .selectFrom("clientUploads")
        .select("id")
        .where("clientId", "=", a.clientId)
        .execute();
    expect(await rows()).toHaveLength(2);
    // Another client is not held back by A's.
    expect((await open(b)).status).toBe(201);
    // A finished upload is not open: room for one more.
    const location = first.headers.get("location") ?? "";
    const finished = await call(location, {
      method: "PATCH",
      cookie: a.cookie,
      headers: { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" },
      body: new Uint8Array(wavBytes(16)),
    });
    expect(finished.status).toBe(204);
    expect((await open(a)).status).toBe(201);
    expect(await rows()).toHaveLength(3);
  });

  it("lists a request's footage for its client only: finished files newest first with their size, then partial ones with the bytes received", async () => {
    const { server, call, create, database } = await setUp(100);
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    const upload = async (name: string, size: number, sent: number) => {
      const location =
        (await create(a.cookie, size, { request: a.requestId, filename: name })).headers.get(
          "location",
        ) ?? "";
      if (sent > 0) {
        const answer = await call(location, {
          method: "PATCH",
          cookie: a.cookie,
          headers: { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" },
          // Sounds (only media is taken), of which `sent` bytes.
          body: new Uint8Array(wavBytes(size).subarray(0, sent)),
        });
        expect(answer.status).toBe(204);
      }
      return location.split("/").at(-1) ?? "";
    };
    const first = await upload("first.mp4", 20, 20);
    const partial = await upload("partial.mov", 30, 10);
    const second = await upload("second.mp4", 16, 16);
    // The second finished later than the first (completion times are the server's clock).
    await database.write(
      database.db.updateTable("clientUploads").set({ completedAt: 1_000 }).where("id", "=", first),
    );
    await database.write(
      database.db.updateTable("clientUploads").set({ completedAt: 2_000 }).where("id", "=", second),
    );
    const uploads = createUploads({
      config: {
        dataDir: server.dataDir,
        PORTAL_CLIENT_QUOTA_BYTES: 100,
        PORTAL_UPLOAD_EXPIRY_HOURS: 24,
        PORTAL_OPEN_UPLOADS_MAX: 50,
      },
      database,
      session: async () => undefined,
      logger: pino({ level: "silent" }),
    });
    const of = (clientId: string) => ({ clientId, plan: "Creator", previews: true });
    const page = await requestPage(
      database,
      uploads.received,
      of(a.clientId),
      a.requestId,
      Date.now(),
    );
    expect(page?.request.id).toBe(a.requestId);
    expect(
      page?.footage.map(({ id, name, size, received }) => ({ id, name, size, received })),
    ).toEqual([
      { id: second, name: "second.mp4", size: 16, received: 16 },
      { id: first, name: "first.mp4", size: 20, received: 20 },
      { id: partial, name: "partial.mov", size: 30, received: 10 },
    ]);
    // Another client's request is none; their own request lists none of A's files.
    expect(
      await requestPage(database, uploads.received, of(b.clientId), a.requestId, Date.now()),
    ).toBeUndefined();
    expect(
      (await requestPage(database, uploads.received, of(b.clientId), b.requestId, Date.now()))
        ?.footage,
    ).toEqual([]);
  });
});
