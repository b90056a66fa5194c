import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { expect, it, onTestFinished, vi } from "vitest";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { personInsert } from "../db/portal/client-people.ts";
import { requestInsert } from "../db/portal/client-requests.ts";
import { bytesUsed } from "../db/portal/client-uploads.ts";
import { clientInsert } from "../db/portal/clients.ts";
import { eraseClientEverywhere } from "../erasure/erase-client.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { pdfBytes, wavBytes } from "../test/media-bytes.ts";
import { createUploads } from "./uploads.ts";

const logger = pino({ level: "silent" });
const hour = 60 * 60 * 1000;
const origin = "http://localhost:3000";

/** A client and one of its people, as the portal's session would give them. */
async function aClient(database: DatabaseHandle): Promise<PortalPerson & { requestId: string }> {
  const clientId = randomUUID();
  const personId = randomUUID();
  const requestId = randomUUID();
  await database.writeTransaction([
    clientInsert(database.db, {
      id: clientId,
      name: "Ana",
      plan: "Creator",
      applicationId: null,
      createdAt: 0,
    }),
    personInsert(database.db, {
      id: personId,
      clientId,
      email: `${clientId}@example.com`,
      createdAt: 0,
    }),
    requestInsert(database.db, {
      id: requestId,
      clientId,
      title: "Spring hook",
      brief: "A hook for the spring series.",
      platform: "TikTok",
      wishedDate: "2026-12-01",
      startsWeek: 0,
      createdBy: personId,
      createdAt: 0,
    }),
  ]);
  return {
    personId,
    clientId,
    requestId,
    email: "ana@example.com",
    clientName: "Ana",
    plan: "Creator",
  };
}

/** The tus endpoint of one instance over `database` and `dataDir`, its clock `clock.now`. */
function anInstance(
  database: DatabaseHandle,
  dataDir: string,
  person: PortalPerson & { requestId: string },
  clock = { now: 0 },
  config: { quota?: number; expiryHours?: number; lockDrainMs?: number; lockRenewMs?: number } = {},
) {
  const uploads = createUploads({
    config: {
      dataDir,
      PORTAL_CLIENT_QUOTA_BYTES: config.quota ?? 100_000,
      PORTAL_UPLOAD_EXPIRY_HOURS: config.expiryHours ?? 24,
      PORTAL_OPEN_UPLOADS_MAX: 50,
    },
    database,
    session: async () => person,
    logger,
    now: () => clock.now,
    lockDrainMs: config.lockDrainMs,
    lockRenewMs: config.lockRenewMs,
  });
  // Every creation names the person's request (the endpoint refuses one that does not).
  const request = `request ${Buffer.from(person.requestId).toString("base64")}`;
  const withRequest = (method: string, headers: Record<string, string>) => {
    if (method !== "POST") return headers;
    const given = headers["Upload-Metadata"];
    return { ...headers, "Upload-Metadata": given ? `${given},${request}` : request };
  };
  const call = (
    url: string,
    method: string,
    headers: Record<string, string> = {},
    body?: BodyInit,
  ) =>
    uploads.handle(
      new Request(new URL(url, origin), {
        method,
        headers: { "Tus-Resumable": "1.0.0", Origin: origin, ...withRequest(method, headers) },
        body,
        // @ts-expect-error Node's fetch needs this for a streamed body
        duplex: "half",
      }),
    );
  return {
    uploads,
    call,
    async create(size: number, headers: Record<string, string> = {}) {
      const answer = await call("/portal/uploads", "POST", {
        "Upload-Length": String(size),
        ...headers,
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
      return answer.headers.get("location") ?? "";
    },
    patch: (location: string, offset: number, body: BodyInit) =>
      call(
        location,
        "PATCH",
        {
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": String(offset),
        },
        body,
      ),
  };
}

const idOf = (location: string) => location.split("/").at(-1) ?? "";

describeEachBackend("uploads take only media, read from the bytes, on $name", (backend) => {
  it("refuses a PDF named clip.mp4 in the PATCH that brings its first 4100 bytes: 415 in words, nothing kept, quota free", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const one = anInstance(database, dataDir, person, { now: 0 }, { quota: 20_000 });
    const name = Buffer.from("clip.mp4").toString("base64");
    const type = Buffer.from("video/mp4").toString("base64");
    const location = await one.create(20_000, {
      "Upload-Metadata": `filename ${name},filetype ${type}`,
    });
    const bytes = pdfBytes(20_000);
    const refused = await one.patch(location, 0, new Uint8Array(bytes.subarray(0, 5000)));
    expect(refused.status).toBe(415);
    expect(await refused.text()).toBe(
      "Only video, audio and image files can be uploaded, and this file's content is application/pdf. Nothing of it was kept.\n",
    );
    const id = idOf(location);
    expect(existsSync(path.join(dataDir, "media", id))).toBe(false);
    expect(existsSync(path.join(dataDir, "media", `${id}.json`))).toBe(false);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
    expect(await bytesUsed(database, person.clientId)).toBe(0);
    // Its place in the quota is free again: the whole quota can be taken.
    await one.create(20_000);
    // And the upload is gone for its client too.
    expect((await one.call(location, "HEAD")).status).toBe(404);
  });

  it("reads the type across PATCHes (100 bytes first, kept undecided), stores a sound's type, and refuses text that way too", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const one = anInstance(database, dataDir, person);
    const sound = wavBytes(9000);
    const location = await one.create(sound.length);
    const first = await one.patch(location, 0, new Uint8Array(sound.subarray(0, 100)));
    expect(first.status).toBe(204);
    const row = () =>
      database.db
        .selectFrom("clientUploads")
        .select(["mimeType", "completedAt"])
        .where("id", "=", idOf(location))
        .executeTakeFirst();
    expect((await row())?.mimeType).toBeNull();
    const rest = await one.patch(location, 100, new Uint8Array(sound.subarray(100)));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe("9000");
    expect(await row()).toMatchObject({ mimeType: "audio/wav" });
    expect((await row())?.completedAt).not.toBeNull();
    expect(readFileSync(path.join(dataDir, "media", idOf(location))).equals(sound)).toBe(true);

    const text = Buffer.from("Just some words, not a video at all. ".repeat(200));
    const textUpload = await one.create(text.length);
    expect((await one.patch(textUpload, 0, new Uint8Array(text.subarray(0, 100)))).status).toBe(
      204,
    );
    const refused = await one.patch(textUpload, 100, new Uint8Array(text.subarray(100)));
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("this file's content is not one of those");
    // The 100 bytes kept from its first PATCH went with it.
    expect(existsSync(path.join(dataDir, "media", idOf(textUpload)))).toBe(false);
    expect(await bytesUsed(database, person.clientId)).toBe(sound.length);
  });

  it("refuses a small file at its last byte, an empty one and one sent with its creation at its creation", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const one = anInstance(database, dataDir, person);
    const small = await one.create(40);
    expect((await one.patch(small, 0, new Uint8Array(pdfBytes(40)))).status).toBe(415);
    const picture = await one.create(24);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]);
    expect((await one.patch(picture, 0, new Uint8Array(jpeg))).status).toBe(204);
    const empty = await one.call("/portal/uploads", "POST", { "Upload-Length": "0" });
    expect(empty.status).toBe(415);
    // Bytes sent with the creation (tus creation-with-upload) are read the same way.
    const withBytes = await one.call(
      "/portal/uploads",
      "POST",
      { "Upload-Length": "9000", "Content-Type": "application/offset+octet-stream" },
      new Uint8Array(pdfBytes(9000)),
    );
    expect(withBytes.status).toBe(415);
    const rows = await database.db.selectFrom("clientUploads").select(["id", "mimeType"]).execute();
    expect(rows).toEqual([{ id: idOf(picture), mimeType: "image/jpeg" }]);
  });
});

describeEachBackend("unfinished uploads expire on $name", (backend) => {
  it("removes an upload left unfinished past PORTAL_UPLOAD_EXPIRY_HOURS (files, row, quota), answers 410 until then, keeps finished ones", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const clock = { now: 1_000_000 };
    const one = anInstance(database, dataDir, person, clock, { expiryHours: 24 });
    const [job] = one.uploads.jobs;
    expect(job?.name).toBe("portal-upload-expiry");
    const sound = wavBytes(10_000);
    const partial = await one.create(sound.length);
    expect((await one.patch(partial, 0, new Uint8Array(sound.subarray(0, 5000)))).status).toBe(204);
    const finished = await one.create(100);
    expect((await one.patch(finished, 0, new Uint8Array(wavBytes(100)))).status).toBe(204);
    expect(await bytesUsed(database, person.clientId)).toBe(10_100);

    clock.now += 24 * hour; // exactly its age limit: not past it
    await job?.run();
    expect((await one.call(partial, "HEAD")).headers.get("upload-offset")).toBe("5000");

    clock.now += 1;
    const gone = await one.call(partial, "HEAD");
    expect(gone.status).toBe(410);
    const resumed = await one.patch(partial, 5000, new Uint8Array(sound.subarray(5000)));
    expect(resumed.status).toBe(410);
    expect(await resumed.text()).toContain("left unfinished for too long");
    await job?.run();
    const id = idOf(partial);
    expect(existsSync(path.join(dataDir, "media", id))).toBe(false);
    expect(existsSync(path.join(dataDir, "media", `${id}.json`))).toBe(false);
    expect(await bytesUsed(database, person.clientId)).toBe(100);
    expect((await one.call(partial, "HEAD")).status).toBe(404);
    // The finished one, as old, stays whole.
    expect(existsSync(path.join(dataDir, "media", idOf(finished)))).toBe(true);
    expect((await one.call(finished, "HEAD")).headers.get("upload-offset")).toBe("100");
  });
});

/**
 * An upload of 10,000 bytes whose PATCH is still running, its first 5,000 bytes on disk: the
 * rest is `sending`'s to enqueue (or never).
 */
async function halfPatched(one: ReturnType<typeof anInstance>, dataDir: string) {
  const sound = wavBytes(10_000);
  const location = await one.create(sound.length);
  const file = path.join(dataDir, "media", idOf(location));
  let sending!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      sending = controller;
    },
  });
  const patching = one.patch(location, 0, body);
  sending.enqueue(new Uint8Array(sound.subarray(0, 5000)));
  await vi.waitFor(() => expect(statSync(file).size).toBe(5000));
  return { sound, location, file, sending, patching };
}

describeEachBackend("expiry under the upload's lock on $name", (backend) => {
  it("ends a PATCH still running on an expired upload before removing it: the PATCH never answers it complete", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const clock = { now: 0 };
    const one = anInstance(database, dataDir, person, clock, { expiryHours: 1, lockDrainMs: 50 });
    const { sound, file, sending, patching } = await halfPatched(one, dataDir);
    clock.now = hour + 1;
    await one.uploads.jobs[0]?.run();
    try {
      sending.enqueue(new Uint8Array(sound.subarray(5000)));
      sending.close();
    } catch {
      // The PATCH was ended before the removal: its body is not read any more.
    }
    const answer = await patching;
    expect(answer.headers.get("upload-offset")).not.toBe("10000");
    expect(existsSync(file)).toBe(false);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
  });
});

describeEachBackend("an upload in flight when its client is erased, on $name", (backend) => {
  it("its PATCH is ended at the lock's next renewal, no file comes back, and HEAD/PATCH answer 404", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const one = anInstance(
      database,
      dataDir,
      person,
      { now: 0 },
      { lockDrainMs: 50, lockRenewMs: 100 },
    );
    const { sound, location, file, patching } = await halfPatched(one, dataDir);

    const erased = await eraseClientEverywhere({ database, dataDir }, person.clientId);
    expect(erased).toMatchObject({ found: true, uploads: 1, files: 2 });
    // Nothing more is sent: the request ends by itself once its lock is found gone.
    const answer = await patching;
    expect(answer.headers.get("upload-offset")).not.toBe("10000");
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.json`)).toBe(false);
    // Even a session that still named the client (another instance's, a moment late): 404.
    expect((await one.call(location, "HEAD")).status).toBe(404);
    expect((await one.patch(location, 5000, new Uint8Array(sound.subarray(5000)))).status).toBe(
      404,
    );
    expect(existsSync(file)).toBe(false);
    expect(await database.db.selectFrom("uploadLocks").selectAll().execute()).toEqual([]);
  });
});

describeEachBackend("two instances on one database and one media folder, on $name", (backend) => {
  it("never lets a PATCH on one instance write while a PATCH on the other holds the upload: the file is what the answers say", async () => {
    const { database, env, dataDir } = await migratedDatabase(backend);
    const other = openDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
    onTestFinished(() => other.close());
    const person = await aClient(database);
    const a = anInstance(
      database,
      dataDir,
      person,
      { now: 0 },
      { lockDrainMs: 50, lockRenewMs: 100 },
    );
    const b = anInstance(other, dataDir, person, { now: 0 }, { lockDrainMs: 50, lockRenewMs: 100 });
    const sound = wavBytes(10_000);
    const theirs = wavBytes(10_000);
    const location = await a.create(sound.length);
    const file = path.join(dataDir, "media", idOf(location));

    // A's PATCH sends 5000 bytes and is still sending (a slow phone).
    let sending!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        sending = controller;
      },
    });
    const onA = a.patch(location, 0, body);
    sending.enqueue(new Uint8Array(sound.subarray(0, 5000)));
    await vi.waitFor(() => expect(statSync(file).size).toBe(5000));

    // The same upload resumed on B from what the disk holds.
    const onB = await b.patch(location, 5000, new Uint8Array(theirs.subarray(5000, 8000)));
    // A's phone sends the rest, then A and B have answered.
    try {
      sending.enqueue(new Uint8Array(sound.subarray(5000)));
      sending.close();
    } catch {
      // A's request was ended to let B through: its body is not read any more.
    }
    const answerA = await onA;
    const stored = readFileSync(file);
    // B waited for A's request to end (asked through the database), then wrote from 5000: the
    // file is A's first 5000 bytes then B's 3000, as both answers say; A's rest never landed.
    expect(onB.status).toBe(204);
    expect(onB.headers.get("upload-offset")).toBe("8000");
    expect(Number(answerA.headers.get("upload-offset"))).toBeLessThanOrEqual(5000);
    expect(
      stored.equals(Buffer.concat([sound.subarray(0, 5000), theirs.subarray(5000, 8000)])),
    ).toBe(true);
  });
});

describeEachBackend("a failure of the server's own on $name", (backend) => {
  it("is answered 500 in words, with nothing of the error in the answer", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const person = await aClient(database);
    const one = anInstance(database, dataDir, person);
    const location = await one.create(100);
    // The locks' table gone: the lock cannot be taken.
    await database.db.schema.dropTable("upload_locks").execute();
    const answer = await one.call(location, "HEAD");
    expect(answer.status).toBe(500);
    const body = await answer.text();
    expect(body).toBe("Something went wrong on our side: please try again in a moment.\n");
  });
});
