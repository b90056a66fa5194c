import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { derivedDirectory, posterFile, previewFile } from "../media/media-files.ts";
import { describeEachBackend, type StorageBackend } from "../test/backends.ts";
import { storedUpload } from "../test/portal.ts";
import { portalOn } from "../test/portal-server.ts";
import { signedInClient } from "../test/portal-session.ts";

const origin = "http://localhost:3000";

/**
 * The portal as the server mounts it, over Hono: its guard in front, then what the route
 * modules of `/portal/footage/:upload/:file` and `/portal/requests/:id` ask of the port.
 */
async function setUp(backend: StorageBackend, env: Record<string, string> = {}) {
  const { database, dataDir, portal } = await portalOn(backend, origin, env);
  const app = new Hono();
  app.use(portal.guard);
  app.get("/portal/footage/:upload/:file", async (c) => {
    const port = portal.portFor(c.req.raw);
    const found = await port.footageFile(
      c.req.param("upload"),
      c.req.param("file"),
      c.req.header("range") ?? null,
    );
    return found ?? c.body(null, 404);
  });
  app.get("/portal/requests/:id", async (c) => {
    const page = await portal.portFor(c.req.raw).request(c.req.param("id"));
    return page ? c.json(page) : c.body(null, 404);
  });
  app.get("/portal", async (c) => c.json(await portal.portFor(c.req.raw).space()));
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.request(`${origin}${url}`, { headers });
  return { database, dataDir, get };
}

/** A finished upload of `client`'s request, read as a 10 min 1 s video with poster and preview. */
async function readUpload(
  database: DatabaseHandle,
  dataDir: string,
  client: { clientId: string; requestId: string },
) {
  const sources = mkdtempSync(path.join(tmpdir(), "client-footage-"));
  const source = path.join(sources, "clip");
  writeFileSync(source, randomBytes(64));
  const id = await storedUpload(database, dataDir, client.clientId, source);
  await database.write(
    database.db
      .updateTable("clientUploads")
      .set({ requestId: client.requestId, displayName: "long-take.mp4" })
      .where("id", "=", id),
  );
  await database.write(
    database.db.insertInto("uploadMedia").values({
      uploadId: id,
      state: "ready",
      attempts: 1,
      nextAttemptAt: 0,
      kind: "video",
      format: "mov",
      durationMs: 601_000,
      width: 640,
      height: 360,
      frameRate: "30/1",
      hasAudio: 0,
      hasPoster: 1,
      hasPreview: 1,
      probedAt: 1,
    }),
  );
  await mkdir(derivedDirectory(dataDir), { recursive: true });
  writeFileSync(posterFile(dataDir, id), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(previewFile(dataDir, id), Buffer.alloc(1000, 7));
  return id;
}

describeEachBackend("a client's own footage on $name", (backend) => {
  it("serves a client their poster and preview (a range as 206), and nothing of another client's by any id", async () => {
    const { database, dataDir, get } = await setUp(backend);
    const ana = await signedInClient(database, "ana");
    const bob = await signedInClient(database, "bob");
    const anas = await readUpload(database, dataDir, ana);
    const bobs = await readUpload(database, dataDir, bob);

    const poster = await get(`/portal/footage/${anas}/poster`, { Cookie: ana.cookie });
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    expect(poster.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...new Uint8Array(await poster.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    const range = await get(`/portal/footage/${anas}/preview`, {
      Cookie: ana.cookie,
      Range: "bytes=100-199",
    });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-type")).toBe("video/mp4");
    expect(range.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    // Ana asks for Bob's files, and for anything else: 404, no byte.
    for (const url of [
      `/portal/footage/${bobs}/poster`,
      `/portal/footage/${bobs}/preview`,
      `/portal/footage/${bobs.toUpperCase()}/preview`,
      `/portal/footage/${randomUUID()}/preview`,
      `/portal/footage/${anas}/original`,
      `/portal/footage/${anas}/..%2F..%2Freelsmith.db`,
      `/portal/footage/..%2F${bobs}/poster`,
      `/portal/footage/${bob.clientId}/poster`,
    ]) {
      const answer = await get(url, { Cookie: ana.cookie });
      expect(answer.status, url).toBe(404);
      expect((await answer.arrayBuffer()).byteLength, url).toBe(0);
    }
    // Bob gets his own.
    expect((await get(`/portal/footage/${bobs}/poster`, { Cookie: bob.cookie })).status).toBe(200);
  });

  it("sends a request without a client's session to sign in: signed out, a team session's cookie, a made-up one", async () => {
    const { database, dataDir, get } = await setUp(backend);
    const ana = await signedInClient(database, "ana");
    const anas = await readUpload(database, dataDir, ana);
    for (const headers of [
      {} as Record<string, string>,
      { Cookie: "team.session_token=abc.def" },
      { Cookie: "portal_session=made-up-token" },
    ]) {
      for (const file of ["poster", "preview"]) {
        const answer = await get(`/portal/footage/${anas}/${file}`, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(302);
        expect(answer.headers.get("location")).toBe("/portal/sign-in");
        expect((await answer.arrayBuffer()).byteLength).toBe(0);
      }
    }
    // Signed out, once signed in: the session gone, so are the files.
    await database.write(database.db.deleteFrom("clientSessions"));
    const after = await get(`/portal/footage/${anas}/poster`, { Cookie: ana.cookie });
    expect(after.status).toBe(302);
  });

  it("shows on the request's page each finished file with what it is and the minutes flag, and sums it up by request", async () => {
    const { database, dataDir, get } = await setUp(backend);
    const ana = await signedInClient(database, "ana");
    const anas = await readUpload(database, dataDir, ana);
    const page = await (
      await get(`/portal/requests/${ana.requestId}`, { Cookie: ana.cookie })
    ).json();
    expect(page.footage).toHaveLength(1);
    expect(page.footage[0]).toMatchObject({
      id: anas,
      name: "long-take.mp4",
      item: {
        state: "ready",
        durationMs: 601_000,
        width: 640,
        height: 360,
        hasPoster: true,
        hasPreview: true,
        minutes: { over: true, minutes: 11, capMinutes: 10 },
      },
    });
    expect(typeof page.previews).toBe("boolean");
    const space = await (await get("/portal", { Cookie: ana.cookie })).json();
    expect(space.footageByRequest).toEqual({
      [ana.requestId]: { files: 1, over: 1, capMinutes: 10, preparing: 0 },
    });
    // Another client's request is a 404 to Ana.
    const bob = await signedInClient(database, "bob");
    expect((await get(`/portal/requests/${bob.requestId}`, { Cookie: ana.cookie })).status).toBe(
      404,
    );
  });

  it("without ffmpeg on the server: the files are listed, previews said to be off, none being prepared", async () => {
    const missing = { FFMPEG_PATH: "/nowhere/ffmpeg", FFPROBE_PATH: "/nowhere/ffprobe" };
    const { database, dataDir, get } = await setUp(backend, missing);
    const ana = await signedInClient(database, "ana");
    const anas = await readUpload(database, dataDir, ana);
    await database.write(database.db.deleteFrom("uploadMedia"));
    const page = await (
      await get(`/portal/requests/${ana.requestId}`, { Cookie: ana.cookie })
    ).json();
    expect(page.previews).toBe(false);
    expect(page.footage.map((file: { id: string }) => file.id)).toEqual([anas]);
    expect(page.footage[0].item).toMatchObject({ state: "waiting", hasPreview: false });
    const space = await (await get("/portal", { Cookie: ana.cookie })).json();
    expect(space.footageByRequest[ana.requestId]).toMatchObject({ files: 1, preparing: 0 });
  });
});
