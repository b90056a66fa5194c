import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { mediaClaim } from "../db/portal/upload-media.ts";
import { posterFile, previewFile } from "../media/media-files.ts";
import { findMediaTools, type MediaTools } from "../media/tools.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { type MediaFixtures, makeMediaFixtures, mediaToolsHere, probed } from "../test/media.ts";
import { storedClient, storedUpload } from "../test/portal.ts";
import { waitFor } from "../test/wait.ts";
import { mediaBackoffMs, uploadMediaJob } from "./media-job.ts";

const here = mediaToolsHere();
if (!here) console.warn("skipped: the upload-media job's tests need Debian's ffmpeg and ffprobe");
/** Skipped, said once above, without the tools (CI installs Debian's ffmpeg). */
const itWithTools = here ? it : it.skip;
const realTools: MediaTools = { ffprobe: "ffprobe", ffmpeg: "ffmpeg" };
const limits = { probeMs: 10_000, posterMs: 20_000, previewMs: 60_000 };
const silent = pino({ level: "silent" });

/** A logger whose lines are kept (parsed) for the test to read. */
function keptLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  return { logger, lines };
}

/** A stand-in for ffprobe: a shell script (`body`), executable, in a fresh folder. */
function fakeTool(body: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "fake-ffprobe-")), "ffprobe");
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

async function mediaRow(database: DatabaseHandle, uploadId: string) {
  const row = await database.db
    .selectFrom("uploadMedia")
    .selectAll()
    .where("uploadId", "=", uploadId)
    .executeTakeFirst();
  return (
    row && { ...row, attempts: Number(row.attempts), nextAttemptAt: Number(row.nextAttemptAt) }
  );
}

let files: MediaFixtures;
beforeAll(() => {
  if (here) files = makeMediaFixtures(mkdtempSync(path.join(tmpdir(), "media-fixtures-")));
});

describeEachBackend("the job upload-media on $name", (backend) => {
  async function setUp(options: { tools?: MediaTools; now?: () => number } = {}) {
    const { database, dataDir } = await migratedDatabase(backend);
    const clientId = await storedClient(database);
    const job = (overrides: Partial<Parameters<typeof uploadMediaJob>[0]> = {}) =>
      uploadMediaJob({
        database,
        dataDir,
        findTools: async () => options.tools ?? realTools,
        logger: silent,
        everyMs: 1000,
        limits,
        now: options.now,
        ...overrides,
      });
    return { database, dataDir, clientId, job };
  }

  itWithTools(
    "reads a video with sound, a silent one and a picture, and makes their posters and previews",
    async () => {
      const { database, dataDir, clientId, job } = await setUp();
      const video = await storedUpload(database, dataDir, clientId, files.video);
      const quiet = await storedUpload(database, dataDir, clientId, files.silent);
      const picture = await storedUpload(database, dataDir, clientId, files.picture);
      const sideways = await storedUpload(database, dataDir, clientId, files.rotated);
      await job().run();

      const read = await mediaRow(database, video);
      expect(read).toMatchObject({
        state: "ready",
        attempts: 1,
        kind: "video",
        format: "mov",
        width: 1280,
        height: 720,
        frameRate: "30000/1001",
        videoCodec: "h264",
        audioCodec: "aac",
        hasAudio: 1,
        hasPoster: 1,
        hasPreview: 1,
        reason: null,
      });
      expect(Number(read?.durationMs)).toBeGreaterThanOrEqual(2990);
      expect(Number(read?.durationMs)).toBeLessThanOrEqual(3100);

      // The poster: a JPEG 360 px wide. The preview: H.264 540 px high with AAC, its index
      // first (faststart), a few hundred kbit/s, no longer than the source.
      const poster = readFileSync(posterFile(dataDir, video));
      expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(probed(posterFile(dataDir, video)).streams[0]).toMatchObject({ width: 360 });
      const preview = probed(previewFile(dataDir, video));
      expect(preview.streams.map((stream) => stream.codec_name).sort()).toEqual(["aac", "h264"]);
      expect(preview.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
        width: 960,
        height: 540,
      });
      expect(Number(preview.format.duration) * 1000).toBeLessThanOrEqual(
        Number(read?.durationMs) + 30,
      );
      expect(Number(preview.format.bit_rate)).toBeLessThan(700_000);
      const bytes = readFileSync(previewFile(dataDir, video));
      expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));

      expect(await mediaRow(database, quiet)).toMatchObject({
        state: "ready",
        kind: "video",
        width: 640,
        height: 360,
        frameRate: "25/1",
        audioCodec: null,
        hasAudio: 0,
        hasPreview: 1,
      });
      const quietPreview = probed(previewFile(dataDir, quiet));
      expect(quietPreview.streams.map((stream) => stream.codec_type)).toEqual(["video"]);
      expect(quietPreview.streams[0]).toMatchObject({ height: 360 }); // never made larger

      // On its side: shown (and measured, postered, previewed) upright.
      const turned = await mediaRow(database, sideways);
      expect(turned).toMatchObject({ state: "ready", width: 360, height: 640 });
      expect([90, 270]).toContain(turned?.rotation);
      expect(probed(posterFile(dataDir, sideways)).streams[0]).toMatchObject({
        width: 360,
        height: 640,
      });
      expect(probed(previewFile(dataDir, sideways)).streams[0]).toMatchObject({ height: 540 });

      expect(await mediaRow(database, picture)).toMatchObject({
        state: "ready",
        kind: "image",
        format: "png_pipe",
        durationMs: null,
        width: 800,
        height: 600,
        frameRate: null,
        hasPoster: 1,
        hasPreview: 0,
      });
      expect(probed(posterFile(dataDir, picture)).streams[0]).toMatchObject({ width: 360 });
      await expect(stat(previewFile(dataDir, picture))).rejects.toThrow(/ENOENT/);
    },
    // Three previews and four posters by ffmpeg: on two busy cores (CI, a fresh clone's run
    // beside other work) that took more than the default 20 s; its limits allow 60 s a preview.
    120_000,
  );

  itWithTools(
    "marks a file ffprobe cannot read unreadable at once, with the reason in words, and never reads it again",
    async () => {
      let clock = 1_800_000_000_000;
      const { database, dataDir, clientId, job } = await setUp({ now: () => clock });
      const noise = await storedUpload(database, dataDir, clientId, files.noise);
      const running = job();
      await running.run();
      const row = await mediaRow(database, noise);
      expect(row).toMatchObject({ state: "unreadable", attempts: 1, hasPoster: 0, hasPreview: 0 });
      expect(row?.reason).toMatch(
        /^Not a video, audio or picture file ffprobe can read \(.*Invalid data found/,
      );
      expect(row?.reason).not.toContain(dataDir);
      clock += 24 * 60 * 60 * 1000;
      await running.run();
      expect((await mediaRow(database, noise))?.attempts).toBe(1);
    },
  );

  itWithTools(
    "kills a stuck ffprobe at its time limit, tries again after 1 then 10 minutes, then gives up for good",
    async () => {
      let clock = 1_800_000_000_000;
      const stuck = fakeTool("exec sleep 30");
      const { database, dataDir, clientId, job } = await setUp({
        tools: { ffprobe: stuck, ffmpeg: "ffmpeg" },
        now: () => clock,
      });
      const upload = await storedUpload(database, dataDir, clientId, files.silent);
      const running = job({ limits: { ...limits, probeMs: 300 } });
      const started = performance.now();
      await running.run();
      expect(performance.now() - started).toBeLessThan(5000); // killed, not waited for
      expect(await mediaRow(database, upload)).toMatchObject({
        state: "pending",
        attempts: 1,
        nextAttemptAt: clock + (mediaBackoffMs[0] ?? 0),
        reason: "Reading it took longer than 300 ms",
      });
      clock += (mediaBackoffMs[0] ?? 0) - 1;
      await running.run(); // not due yet
      expect((await mediaRow(database, upload))?.attempts).toBe(1);
      clock += 1;
      await running.run();
      expect(await mediaRow(database, upload)).toMatchObject({
        state: "pending",
        attempts: 2,
        nextAttemptAt: clock + (mediaBackoffMs[1] ?? 0),
      });
      clock += mediaBackoffMs[1] ?? 0;
      await running.run();
      expect(await mediaRow(database, upload)).toMatchObject({ state: "unreadable", attempts: 3 });
      clock += 24 * 60 * 60 * 1000;
      await running.run();
      expect((await mediaRow(database, upload))?.attempts).toBe(3);
    },
  );

  itWithTools(
    "refuses a playlist that names another file on the server (HLS): unreadable, nothing made of that file",
    async () => {
      const { database, dataDir, clientId, job } = await setUp();
      const playlist = path.join(dataDir, "playlist.m3u8");
      writeFileSync(
        playlist,
        `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${files.silent}\n#EXT-X-ENDLIST\n`,
      );
      const upload = await storedUpload(database, dataDir, clientId, playlist);
      await job().run();
      const row = await mediaRow(database, upload);
      expect(row).toMatchObject({ state: "unreadable", hasPoster: 0, hasPreview: 0 });
      expect(row?.reason).toMatch(/^Not a video, audio or picture file ffprobe can read/);
      expect(row?.reason).not.toContain(dataDir);
    },
  );

  itWithTools("stops reading ffprobe's answer beyond its bound: unreadable", async () => {
    const chatty = fakeTool("head -c 5000000 /dev/zero | tr '\\000' a");
    const { database, dataDir, clientId, job } = await setUp({
      tools: { ffprobe: chatty, ffmpeg: "ffmpeg" },
    });
    const upload = await storedUpload(database, dataDir, clientId, files.silent);
    await job().run();
    expect(await mediaRow(database, upload)).toMatchObject({
      state: "unreadable",
      reason: "It describes itself at a length no video does",
    });
  });

  itWithTools(
    "without ffprobe and ffmpeg: says so in one line, and leaves the uploads unread",
    async () => {
      const { database, dataDir, clientId, job } = await setUp();
      const upload = await storedUpload(database, dataDir, clientId, files.video);
      const { logger, lines } = keptLogger();
      const running = job({
        logger,
        findTools: () => findMediaTools({ FFMPEG_PATH: path.join(dataDir, "no", "ffmpeg") }),
      });
      await running.run();
      await running.run();
      expect(lines.map((line) => line.msg)).toEqual([
        "ffprobe/ffmpeg not found (FFMPEG_PATH, FFPROBE_PATH): uploads are kept, but not read, and get no poster or preview",
      ]);
      expect(await running.toolsFound()).toBe(false);
      expect(await mediaRow(database, upload)).toBeUndefined();
    },
  );

  itWithTools(
    "reads each file exactly once with two instances running at the same time",
    async () => {
      const { database, dataDir, clientId, job } = await setUp();
      const uploads = [];
      for (let index = 0; index < 4; index += 1) {
        uploads.push(await storedUpload(database, dataDir, clientId, files.picture));
      }
      await Promise.all([job({ leaseHolder: "a" }).run(), job({ leaseHolder: "b" }).run()]);
      for (const upload of uploads) {
        expect(await mediaRow(database, upload)).toMatchObject({ state: "ready", attempts: 1 });
      }
    },
  );

  itWithTools(
    "on stop, kills the ffmpeg in hand and gives the file back, its attempt not counted",
    async () => {
      const { database, dataDir, clientId, job } = await setUp();
      const started = path.join(dataDir, "ffmpeg-started");
      const stuck = fakeTool(`touch '${started}'; exec sleep 30`);
      const upload = await storedUpload(database, dataDir, clientId, files.picture);
      const stopping = new AbortController();
      const running = job({
        findTools: async () => ({ ffprobe: "ffprobe", ffmpeg: stuck }),
        signal: stopping.signal,
      });
      const run = running.run();
      await waitFor(() => existsSync(started), { what: "ffmpeg started" });
      const stoppedAt = performance.now();
      stopping.abort();
      await run;
      expect(performance.now() - stoppedAt).toBeLessThan(5000);
      expect(await mediaRow(database, upload)).toMatchObject({
        state: "pending",
        attempts: 0,
        leaseHolder: null,
        hasPoster: 0,
      });
      expect(existsSync(`${posterFile(dataDir, upload)}.part`)).toBe(false);
    },
  );

  itWithTools(
    "reads again, once its lease runs out, a file an instance that crashed had claimed",
    async () => {
      let clock = 1_800_000_000_000;
      const { database, dataDir, clientId, job } = await setUp({ now: () => clock });
      const upload = await storedUpload(database, dataDir, clientId, files.picture);
      const running = job();
      // The instance that crashed: it found the upload and claimed it, and was never heard of again.
      const leaseMs = 60_000;
      await database.write(
        database.db
          .insertInto("uploadMedia")
          .values({ uploadId: upload, nextAttemptAt: clock })
          .onConflict((conflict) => conflict.column("uploadId").doNothing()),
      );
      expect(await mediaClaim(database, "crashed", { now: clock, leaseMs })).toMatchObject({
        uploadId: upload,
        attempts: 1,
      });
      await running.run();
      expect(await mediaRow(database, upload)).toMatchObject({ state: "pending", attempts: 1 });
      clock += leaseMs;
      await running.run();
      expect(await mediaRow(database, upload)).toMatchObject({ state: "ready", attempts: 2 });
    },
  );
});
