import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { eraseClientRows } from "../db/portal/client-erase.ts";
import { footageComplete, pauseOpen } from "../db/portal/request-clock.ts";
import { feedWrite, postInsert } from "../db/portal/request-posts.ts";
import { filesOfUpload, posterFile, previewFile, uploadFile } from "../media/media-files.ts";
import { mediaOrphansJob } from "../portal/media-orphans.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { wavBytes } from "../test/media-bytes.ts";
import { clientPeople, clientWithRequest, storedApplication, teamVersion } from "../test/portal.ts";
import { signedInClient } from "../test/portal-session.ts";
import { serverOn, startTestServer } from "../test/server.ts";
import { eraseApplicantEverywhere } from "./erase-applicant.ts";
import { eraseClientEverywhere } from "./erase-client.ts";

const requestOf = (client: { requestId: string }) =>
  `request ${Buffer.from(client.requestId).toString("base64")}`;

/** Every row anywhere that is `clientId`'s, table by table (empty tables left out). */
async function rowsOf(
  database: DatabaseHandle,
  clientId: string,
  uploadIds: string[],
  requestId = "",
) {
  const { db } = database;
  const ids = uploadIds.length > 0 ? uploadIds : [""];
  const people = db.selectFrom("clientPeople").select("id").where("clientId", "=", clientId);
  const counts = {
    clients: await db.selectFrom("clients").select("id").where("id", "=", clientId).execute(),
    clientPeople: await people.execute(),
    clientSessions: await db
      .selectFrom("clientSessions")
      .select("tokenHash")
      .where("personId", "in", people)
      .execute(),
    clientSignInTokens: await db
      .selectFrom("clientSignInTokens")
      .select("tokenHash")
      .where("personId", "in", people)
      .execute(),
    clientRequests: await db
      .selectFrom("clientRequests")
      .select("id")
      .where("clientId", "=", clientId)
      .execute(),
    clientUploads: await db
      .selectFrom("clientUploads")
      .select("id")
      .where("id", "in", ids)
      .execute(),
    uploadLocks: await db
      .selectFrom("uploadLocks")
      .select("uploadId")
      .where("uploadId", "in", ids)
      .execute(),
    uploadMedia: await db
      .selectFrom("uploadMedia")
      .select("uploadId")
      .where("uploadId", "in", ids)
      .execute(),
    requestVersions: await db
      .selectFrom("requestVersions")
      .select("id")
      .where("clientId", "=", clientId)
      .execute(),
    versionComments: await db
      .selectFrom("versionComments")
      .select("id")
      .where("clientId", "=", clientId)
      .execute(),
    commentNotices: await db
      .selectFrom("commentNotices")
      .innerJoin("versionComments", "versionComments.id", "commentNotices.commentId")
      .select("commentNotices.commentId")
      .where("versionComments.clientId", "=", clientId)
      .execute(),
    requestPauses: await db
      .selectFrom("requestPauses")
      .select("id")
      .where("clientId", "=", clientId)
      .execute(),
    turnNotices: await db
      .selectFrom("turnNotices")
      .select("requestId")
      .where("requestId", "=", requestId)
      .execute(),
    requestPosts: await db
      .selectFrom("requestPosts")
      .select("id")
      .where("clientId", "=", clientId)
      .execute(),
    postNotices: await db
      .selectFrom("postNotices")
      .innerJoin("requestPosts", "requestPosts.id", "postNotices.postId")
      .select("postNotices.postId")
      .where("requestPosts.clientId", "=", clientId)
      .execute(),
    clientFeeds: await db
      .selectFrom("clientFeeds")
      .select("clientId")
      .where("clientId", "=", clientId)
      .execute(),
  };
  return Object.fromEntries(Object.entries(counts).filter(([, rows]) => rows.length > 0));
}

/**
 * A cut the team sent to the client's request (its bytes, from_team 1), made v1, with a
 * comment, a reply and a notice queued for the comment (decision 0091): the cut's upload id.
 */
async function reviewed(
  database: DatabaseHandle,
  dataDir: string,
  client: { clientId: string; requestId: string },
) {
  const now = Date.now();
  const { cutId, versionId } = await teamVersion(database, client, { at: now, size: 3 });
  await mkdir(path.dirname(uploadFile(dataDir, cutId)), { recursive: true });
  await writeFile(uploadFile(dataDir, cutId), "cut");
  const commentId = randomUUID();
  const comment = (id: string, parentId: string | null) => ({
    id,
    versionId,
    clientId: client.clientId,
    parentId,
    authorSide: "client",
    authorId: null,
    authorName: "ana@example.com",
    frameIn: parentId ? null : 10,
    frameOut: null,
    body: "Cut here",
    resolvedAt: null,
    createdAt: now,
  });
  await database.writeTransaction([
    database.db.insertInto("versionComments").values(comment(commentId, null)),
    database.db.insertInto("versionComments").values(comment(randomUUID(), commentId)),
    database.db
      .insertInto("commentNotices")
      .values({ commentId, kind: "comment_notice_email", deliveryId: null, queuedAt: now }),
  ]);
  return cutId;
}

/** What the media job would have made of an upload: its row, a poster and a preview. */
async function derived(database: DatabaseHandle, dataDir: string, id: string) {
  await mkdir(path.dirname(posterFile(dataDir, id)), { recursive: true });
  await writeFile(posterFile(dataDir, id), "jpeg");
  await writeFile(previewFile(dataDir, id), "mp4");
  await database.write(
    database.db
      .insertInto("uploadMedia")
      .values({
        uploadId: id,
        state: "ready",
        attempts: 1,
        nextAttemptAt: 0,
        hasPoster: 1,
        hasPreview: 1,
      })
      .onConflict((conflict) =>
        conflict.column("uploadId").doUpdateSet({ hasPoster: 1, hasPreview: 1 }),
      ),
  );
}

const filesLeft = (dataDir: string, ids: string[]) =>
  ids.flatMap((id) => filesOfUpload(dataDir, id)).filter((file) => existsSync(file));

describeEachBackend("erasing a client on $name", (backend) => {
  it("removes every row and file of theirs, stops their upload in flight, and leaves another client's alone", async () => {
    const { server, database } = await serverOn(backend, {
      PUBLIC_SITE_URL: "http://localhost:3000",
      FFMPEG_PATH: "/nonexistent/ffmpeg",
      FFPROBE_PATH: "/nonexistent/ffprobe",
    });
    const origin = new URL(server.url).origin;
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    // Each has a post on its posting schedule, told to its people (0035), and a feed (0033).
    for (const client of [a, b]) {
      const postId = randomUUID();
      await database.write(
        postInsert(database.db, {
          id: postId,
          requestId: client.requestId,
          clientId: client.clientId,
          platform: "TikTok",
          at: Date.now() + 86_400_000,
          timeZone: "Europe/Berlin",
          caption: "A post",
          hashtags: "",
          by: "ed@team.example",
          now: Date.now(),
        }),
      );
      await database.write(
        database.db
          .insertInto("postNotices")
          .values({ postId, revision: 1, deliveryId: randomUUID(), queuedAt: Date.now() }),
      );
      const feed = { clientId: client.clientId, salt: randomUUID(), now: Date.now() };
      await database.write(feedWrite(database.db, { ...feed, tokenHash: randomUUID() }, false));
    }
    const tus = (client: { cookie: string }) => ({
      "Tus-Resumable": "1.0.0",
      Origin: origin,
      cookie: client.cookie,
    });
    const create = async (client: typeof a, size: number) => {
      const created = await fetch(new URL("/portal/uploads", server.url), {
        method: "POST",
        headers: {
          ...tus(client),
          "Upload-Length": String(size),
          "Upload-Metadata": requestOf(client),
        },
      });
      expect(created.status).toBe(201);
      return new URL(created.headers.get("location") ?? "", server.url);
    };
    const patch = (client: typeof a, location: URL, offset: number, body: Buffer) =>
      fetch(location, {
        method: "PATCH",
        headers: {
          ...tus(client),
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": String(offset),
        },
        body: new Uint8Array(body),
      });
    const idOf = (location: URL) => location.pathname.split("/").at(-1) ?? "";

    // A's finished upload (with a poster and a preview), and one in flight: a PATCH whose
    // body has half come when the erase runs. B's finished upload.
    const sound = wavBytes(64 * 1024);
    const done = await create(a, sound.length);
    expect((await patch(a, done, 0, sound)).status).toBe(204);
    await derived(database, server.dataDir, idOf(done));
    const flying = await create(a, sound.length);
    let flyingRequest: ReturnType<typeof httpRequest> | undefined;
    const inFlight = new Promise<number | "closed">((resolve) => {
      const request = httpRequest(flying, {
        method: "PATCH",
        headers: {
          ...tus(a),
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": "0",
          "Content-Length": String(sound.length),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", () => resolve("closed"));
      request.write(sound.subarray(0, sound.length / 2));
      onTestFinished(() => void request.destroy());
      flyingRequest = request;
    });
    await vi.waitFor(async () => {
      const [lock] = await database.db
        .selectFrom("uploadLocks")
        .select("uploadId")
        .where("uploadId", "=", idOf(flying))
        .execute();
      expect(lock).toBeDefined();
      expect(existsSync(uploadFile(server.dataDir, idOf(flying)))).toBe(true);
    });
    const kept = await create(b, sound.length);
    expect((await patch(b, kept, 0, sound)).status).toBe(204);
    await derived(database, server.dataDir, idOf(kept));
    const aCut = await reviewed(database, server.dataDir, a);
    const bCut = await reviewed(database, server.dataDir, b);
    const aIds = [idOf(done), idOf(flying), aCut];
    expect(filesLeft(server.dataDir, aIds)).toHaveLength(7);
    // The plan's clock of both (0032): footage complete, a pause, a turn's notice.
    for (const client of [a, b]) {
      await footageComplete(database, { ...client, now: Date.now() });
      await pauseOpen(database, { ...client, now: Date.now(), by: null });
      await database.write(
        database.db.insertInto("turnNotices").values({
          requestId: client.requestId,
          turn: 0,
          kind: "cut_reminder_email",
          deliveryId: randomUUID(),
          dueAt: Date.now(),
          queuedAt: Date.now(),
        }),
      );
    }
    expect(Object.keys(await rowsOf(database, a.clientId, aIds, a.requestId))).toEqual(
      expect.arrayContaining(["requestPauses", "turnNotices"]),
    );

    const erased = await eraseClientEverywhere(
      { database, dataDir: server.dataDir },
      a.clientId.toUpperCase(),
    );
    expect(erased).toEqual({
      found: true,
      people: 1,
      requests: 1,
      uploads: 3,
      // Done: bytes, record, poster, preview; in flight: bytes, record; the cut's bytes.
      files: 7,
      filesLeft: 0,
    });
    expect(await rowsOf(database, a.clientId, aIds, a.requestId)).toEqual({});
    expect(filesLeft(server.dataDir, aIds)).toEqual([]);

    // The rest of the PATCH in flight comes: its bytes go nowhere (no file comes back).
    flyingRequest?.end(sound.subarray(sound.length / 2));
    await inFlight;
    expect(filesLeft(server.dataDir, aIds)).toEqual([]);
    expect(await rowsOf(database, a.clientId, aIds)).toEqual({});
    // Afterwards: A's session is gone (401); anyone else signed in gets 404 for A's uploads.
    for (const location of [done, flying]) {
      const head = await fetch(location, { method: "HEAD", headers: tus(a) });
      expect(head.status).toBe(401);
      const byB = await fetch(location, { method: "HEAD", headers: tus(b) });
      expect(byB.status).toBe(404);
      expect((await patch(b, location, 0, sound)).status).toBe(404);
    }
    expect(filesLeft(server.dataDir, aIds)).toEqual([]);

    // B's upload, rows and files as they were.
    expect(filesLeft(server.dataDir, [idOf(kept), bCut])).toHaveLength(5);
    const bRows = await rowsOf(database, b.clientId, [idOf(kept), bCut], b.requestId);
    expect(Object.keys(bRows).sort()).toEqual([
      "clientFeeds",
      "clientPeople",
      "clientRequests",
      "clientSessions",
      "clientUploads",
      "clients",
      "commentNotices",
      "postNotices",
      "requestPauses",
      "requestPosts",
      "requestVersions",
      "turnNotices",
      "uploadMedia",
      "versionComments",
    ]);
    expect(bRows.versionComments).toHaveLength(2);
    expect((await fetch(kept, { method: "HEAD", headers: tus(b) })).status).toBe(200);

    // Erasing again, or an id that is no client's: nothing found, nothing done.
    expect(
      (await eraseClientEverywhere({ database, dataDir: server.dataDir }, a.clientId)).found,
    ).toBe(false);
    expect(
      (await eraseClientEverywhere({ database, dataDir: server.dataDir }, "../../etc")).found,
    ).toBe(false);
  });

  it("a crash between the commit and the files: the job media-orphans removes what was left, and only that", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    const upload = async (clientId: string) => {
      const id = crypto.randomUUID();
      await mkdir(path.join(dataDir, "media"), { recursive: true });
      await writeFile(uploadFile(dataDir, id), wavBytes(1000));
      await writeFile(`${uploadFile(dataDir, id)}.json`, "{}");
      await database.write(
        database.db
          .insertInto("clientUploads")
          .values({ id, clientId, personId: null, size: 1000, createdAt: 1, completedAt: 2 }),
      );
      await derived(database, dataDir, id);
      return id;
    };
    const aUpload = await upload(a.clientId);
    const bUpload = await upload(b.clientId);
    // The rows' commit, then the process dies: no file removed.
    const erased = await eraseClientRows(database, a.clientId);
    expect(erased.uploadIds).toEqual([aUpload]);
    expect(filesLeft(dataDir, [aUpload])).toHaveLength(4);
    // A preview being written when it died, and a file that is no upload's.
    await writeFile(`${previewFile(dataDir, aUpload)}.part`, "mp4");
    await writeFile(path.join(dataDir, "media", "README.txt"), "not an upload");

    const logged: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void logged.push(line) });
    await mediaOrphansJob({ database, dataDir, logger }).run();
    expect(filesLeft(dataDir, [aUpload])).toEqual([]);
    expect(filesLeft(dataDir, [bUpload])).toHaveLength(4);
    expect(existsSync(path.join(dataDir, "media", "README.txt"))).toBe(true);
    expect(JSON.parse(logged.join("")) as object).toMatchObject({
      uploads: 1,
      files: 5,
      msg: "media files of no upload removed",
    });
  });

  it("an applicant who became a client, or is one of a client's people, is not erased until the portal lets go", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const deps = { database, dataDir, hashRecipient: () => "0".repeat(64) };
    const { applicationId, clientId } = await clientWithRequest(database, {
      email: "ada@example.com",
      name: "Ada Client",
    });
    await clientPeople(database, clientId, ["ada@example.com"]);
    const held = await eraseApplicantEverywhere(deps, "ADA@example.com");
    expect(held).toEqual({ hold: { why: "client", clientId, clientName: "Ada Client" } });
    const application = await database.db.selectFrom("submissions").select("id").execute();
    expect(application).toEqual([{ id: applicationId }]);

    // A person of someone else's client, who applied too.
    const bo = await signedInClient(database, "bo");
    const otherApplication = await storedApplication(database, { email: "bo@example.com" });
    expect(await eraseApplicantEverywhere(deps, "bo@example.com")).toEqual({
      hold: { why: "person", clientId: bo.clientId, clientName: "bo" },
    });

    // Once the client is erased, the applicant is.
    await eraseClientEverywhere({ database, dataDir }, clientId);
    const erased = await eraseApplicantEverywhere(deps, "ada@example.com");
    expect(erased).toMatchObject({ applications: 1 });
    const left = await database.db.selectFrom("submissions").select("id").execute();
    expect(left).toEqual([{ id: otherApplication }]);
  });
});

describeEachBackend("the server's job list on $name", (backend) => {
  it("runs media-orphans: files of no upload in DATA_DIR/media are gone once the server has started", async () => {
    const setup = await backend.setup();
    onTestFinished(setup.cleanup);
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-orphans-"));
    const orphan = crypto.randomUUID();
    await mkdir(path.join(dataDir, "media", "derived"), { recursive: true });
    await writeFile(uploadFile(dataDir, orphan), "bytes");
    await writeFile(posterFile(dataDir, orphan), "jpeg");
    const server = await startTestServer({ ...setup.env, DATA_DIR: dataDir });
    onTestFinished(() => server.stop());
    await vi.waitFor(async () => {
      expect(await readdir(path.join(dataDir, "media"))).toEqual(["derived"]);
      expect(await readdir(path.join(dataDir, "media", "derived"))).toEqual([]);
    });
  });
});

/** Every file under `directory`, recursively. */
async function everyFile(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(directory, entry.name);
      return entry.isDirectory() ? everyFile(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

describe("npm run clients -- erase, on the live SQLite server", () => {
  it("leaves no byte of the client in DATA_DIR: not in the database file, its -wal, nor media/", async () => {
    const server = await startTestServer({ PUBLIC_SITE_URL: "http://localhost:3000" });
    onTestFinished(() => server.stop());
    const database = server.openDatabase();
    onTestFinished(() => database.close());
    const marker = "zqxjvalentinaportal";
    const kept = await signedInClient(database, "bo");
    const gone = await signedInClient(database, marker);
    const sound = wavBytes(200_000);
    const origin = new URL(server.url).origin;
    for (const client of [gone, kept]) {
      const created = await fetch(`${server.url}/portal/uploads`, {
        method: "POST",
        headers: {
          "Tus-Resumable": "1.0.0",
          Origin: origin,
          cookie: client.cookie,
          "Upload-Length": String(sound.length),
          "Upload-Metadata": `${requestOf(client)},filename ${Buffer.from(`${client === gone ? marker : "bo"}.wav`).toString("base64")}`,
        },
      });
      expect(created.status).toBe(201);
      const patched = await fetch(new URL(created.headers.get("location") ?? "", server.url), {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          Origin: origin,
          cookie: client.cookie,
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": "0",
        },
        body: new Uint8Array(client === gone ? sound : wavBytes(sound.length)),
      });
      expect(patched.status).toBe(204);
    }
    const traces = [Buffer.from(marker), sound.subarray(100_000, 100_064)];
    const holding = async () => {
      const found: string[] = [];
      for (const file of await everyFile(server.dataDir)) {
        const bytes = await readFile(file).catch(() => Buffer.alloc(0));
        if (traces.some((trace) => bytes.includes(trace))) {
          found.push(path.relative(server.dataDir, file));
        }
      }
      return found.sort();
    };
    expect((await holding()).length).toBeGreaterThan(0); // the check sees them while they are there

    const erased = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          [
            path.join(import.meta.dirname, "..", "cli", "cli.ts"),
            "clients",
            "erase",
            gone.clientId,
          ],
          { env: { PATH: process.env.PATH ?? "", DATA_DIR: server.dataDir } },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      },
    );
    expect(erased.stderr).toBe("");
    expect(erased.code).toBe(0);
    expect(await holding()).toEqual([]);
    expect(await database.db.selectFrom("clients").select("id").execute()).toEqual([
      { id: kept.clientId },
    ]);
  });
});
