import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { derivedDirectory, posterFile } from "../media/media-files.ts";
import { describeEachBackend, type StorageBackend } from "../test/backends.ts";
import { storedClient, storedUpload } from "../test/portal.ts";
import { portalOn } from "../test/portal-server.ts";
import { byteRange, originalName } from "./footage.ts";

const minute = 60_000;

async function setUp(backend: StorageBackend) {
  const { database, dataDir, portal } = await portalOn(backend);
  const sources = mkdtempSync(path.join(tmpdir(), "footage-"));
  const file = (bytes: Buffer) => {
    const name = path.join(sources, randomBytes(6).toString("hex"));
    writeFileSync(name, bytes);
    return name;
  };
  return { database, dataDir, clients: portal.clients, file };
}

/** What the job would have recorded for an upload it read (a video of `durationMs`). */
function readAs(database: DatabaseHandle, uploadId: string, durationMs: number, poster = false) {
  return database.write(
    database.db.insertInto("uploadMedia").values({
      uploadId,
      state: "ready",
      attempts: 1,
      nextAttemptAt: 0,
      kind: "video",
      format: "mov",
      durationMs,
      width: 1080,
      height: 1920,
      frameRate: "30000/1001",
      videoCodec: "h264",
      audioCodec: "aac",
      hasAudio: 1,
      hasPoster: poster ? 1 : 0,
      probedAt: 1,
    }),
  );
}

describeEachBackend("footage on the team's client page on $name", (backend) => {
  it("lists a client's finished uploads newest first, with what was read and the plan's minutes flag", async () => {
    const { database, dataDir, clients, file } = await setUp(backend);
    const creator = await storedClient(database, { plan: "Creator" });
    const other = await storedClient(database, { plan: "Creator" });
    const long = await storedUpload(database, dataDir, creator, file(randomBytes(10)), 1000);
    const short = await storedUpload(database, dataDir, creator, file(randomBytes(20)), 2000);
    const waiting = await storedUpload(database, dataDir, creator, file(randomBytes(30)), 3000);
    await storedUpload(database, dataDir, other, file(randomBytes(5)), 4000);
    await database.write(
      database.db
        .updateTable("clientUploads")
        .set({ completedAt: null })
        .where("id", "=", await storedUpload(database, dataDir, creator, file(randomBytes(5)))),
    );
    await readAs(database, long, 12 * minute);
    await readAs(database, short, 10 * minute);

    const page = await clients.client(creator);
    expect(page?.footage.map((item) => item.id)).toEqual([waiting, short, long]);
    const [third, second, first] = page?.footage ?? [];
    expect(third).toMatchObject({ state: "waiting", size: 30, durationMs: null });
    expect(third?.minutes).toEqual({ over: false });
    expect(second).toMatchObject({ state: "ready", durationMs: 10 * minute });
    expect(second?.minutes).toEqual({ over: false });
    expect(first).toMatchObject({
      state: "ready",
      kind: "video",
      width: 1080,
      height: 1920,
      frameRate: "30000/1001",
      hasAudio: true,
      minutes: { over: true, minutes: 12, capMinutes: 10 },
    });
  });

  it("streams the original byte for byte as a download, nosniff; a range as 206; past the end 416", async () => {
    const { database, dataDir, clients, file } = await setUp(backend);
    const client = await storedClient(database);
    const bytes = randomBytes(300_000);
    const upload = await storedUpload(
      database,
      dataDir,
      client,
      file(bytes),
      Date.UTC(2026, 10, 28),
    );
    await readAs(database, upload, 5000);

    const whole = await clients.footageFile(client, upload, "original", null);
    expect(whole?.status).toBe(200);
    expect(whole?.headers.get("content-type")).toBe("application/octet-stream");
    expect(whole?.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole?.headers.get("content-disposition")).toBe(
      `attachment; filename="footage-2026-11-28-${upload.slice(0, 8)}.mp4"`,
    );
    expect(whole?.headers.get("content-length")).toBe("300000");
    expect(Buffer.from(await (whole as Response).arrayBuffer()).equals(bytes)).toBe(true);

    const part = await clients.footageFile(client, upload, "original", "bytes=1000-1999");
    expect(part?.status).toBe(206);
    expect(part?.headers.get("content-range")).toBe("bytes 1000-1999/300000");
    expect(Buffer.from(await (part as Response).arrayBuffer())).toEqual(bytes.subarray(1000, 2000));

    const past = await clients.footageFile(client, upload, "original", "bytes=300000-");
    expect(past?.status).toBe(416);
    expect(past?.headers.get("content-range")).toBe("bytes */300000");
  });

  it("serves a poster made as a JPEG to show; nothing for another client, a file not made, or another name", async () => {
    const { database, dataDir, clients, file } = await setUp(backend);
    const client = await storedClient(database);
    const stranger = await storedClient(database);
    const upload = await storedUpload(database, dataDir, client, file(randomBytes(100)));
    await readAs(database, upload, 5000, true);
    await mkdir(derivedDirectory(dataDir), { recursive: true });
    writeFileSync(posterFile(dataDir, upload), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));

    const poster = await clients.footageFile(client, upload, "poster", null);
    expect(poster?.status).toBe(200);
    expect(poster?.headers.get("content-type")).toBe("image/jpeg");
    expect(poster?.headers.get("x-content-type-options")).toBe("nosniff");
    expect(poster?.headers.get("content-disposition")).toBeNull();

    expect(await clients.footageFile(stranger, upload, "original", null)).toBeUndefined();
    expect(await clients.footageFile(client, upload, "preview", null)).toBeUndefined();
    expect(await clients.footageFile(client, upload, "../reelsmith.db", null)).toBeUndefined();
    expect(await clients.footageFile(client, "../../etc", "original", null)).toBeUndefined();
  });
});

it("reads one byte range, the whole file for none or several, unsatisfiable past the end", () => {
  expect(byteRange(null, 100)).toBeUndefined();
  expect(byteRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
  expect(byteRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
  expect(byteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
  expect(byteRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
  expect(byteRange("bytes=0-1,5-6", 100)).toBeUndefined();
  expect(byteRange("bytes=100-", 100)).toBe("unsatisfiable");
  expect(byteRange("bytes=9-3", 100)).toBe("unsatisfiable");
});

it("names a download by its date and id, never by a name a user gave", () => {
  const upload = { id: "1a2b3c4d-0000-4000-8000-000000000000", completedAt: Date.UTC(2026, 0, 2) };
  expect(originalName({ ...upload, format: "matroska" })).toBe("footage-2026-01-02-1a2b3c4d.mkv");
  expect(originalName({ ...upload, format: null })).toBe("footage-2026-01-02-1a2b3c4d");
});
