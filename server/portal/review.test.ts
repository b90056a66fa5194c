import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { bytesUsed } from "../db/portal/client-uploads.ts";
import { versionMake, versionsOf } from "../db/portal/request-versions.ts";
import { describeEachBackend, migratedDatabase, type StorageBackend } from "../test/backends.ts";
import { wavBytes } from "../test/media-bytes.ts";
import { storedRequest, teamCut, teamVersion } from "../test/portal.ts";
import { portalOn } from "../test/portal-server.ts";
import { signedInClient } from "../test/portal-session.ts";
import { commentsPerVersionMax, createReview, readComment } from "./review.ts";

const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
const site = "http://localhost:3000";
const maya = { id: "member-maya", name: "Maya" };

/** The portal with previews off (no ffmpeg), a team session that is Maya's with `x-member`. */
async function setUp(backend: StorageBackend, quota = 50_000) {
  const env = {
    FFMPEG_PATH: "/nonexistent/ffmpeg",
    FFPROBE_PATH: "/nonexistent/ffprobe",
    PORTAL_CLIENT_QUOTA_BYTES: String(quota),
  };
  const { database, dataDir, portal } = await portalOn(backend, site, env, {
    teamSession: async (headers) => (headers.get("x-member") === "maya" ? maya : undefined),
  });
  const versionJob = portal.jobs.find((job) => job.name === "cut-versions");
  if (!versionJob) throw new Error("no cut-versions job");
  /** A cut of `bytes` sent whole by tus (POST then one PATCH): the answers' statuses. */
  async function sendCut(
    to: { clientId: string; requestId: string },
    bytes: Buffer,
    headers: Record<string, string> = { "x-member": "maya" },
  ) {
    const created = await portal.cutUploads(
      new Request(`${site}/team/cut-uploads`, {
        method: "POST",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Length": String(bytes.length),
          "Upload-Metadata": metadata({
            client: to.clientId,
            request: to.requestId,
            filename: "cut.wav",
          }),
          ...headers,
        },
      }),
    );
    if (created.status !== 201) return { created: created.status };
    const location = new URL(created.headers.get("location") ?? "", `${site}/team/cut-uploads/`);
    const patched = await portal.cutUploads(
      new Request(location, {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
          ...headers,
        },
        body: bytes,
        duplex: "half",
      } as RequestInit),
    );
    return {
      created: created.status,
      patched: patched.status,
      id: location.pathname.split("/").at(-1) ?? "",
    };
  }
  return { database, dataDir, portal, versionJob, sendCut };
}

describeEachBackend("cuts as versions on $name", (backend) => {
  it("a member's cut becomes v1 then v2, once each, outside the client's quota; no member: 401; another client's request: 404", async () => {
    const { database, portal, versionJob, sendCut } = await setUp(backend, 30_000);
    const ana = await signedInClient(database, "ana");
    const bob = await signedInClient(database, "bob");

    expect((await sendCut(ana, wavBytes(2000), {})).created).toBe(401);
    expect(
      (await sendCut({ clientId: ana.clientId, requestId: bob.requestId }, wavBytes(2000))).created,
    ).toBe(404);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);

    // 25 kB against a quota of 30 kB, twice: a client's quota would refuse the second.
    const first = await sendCut(ana, wavBytes(25_000));
    expect(first).toMatchObject({ created: 201, patched: 204 });
    await versionJob.run();
    await versionJob.run();
    const second = await sendCut(ana, wavBytes(25_000));
    expect(second).toMatchObject({ created: 201, patched: 204 });
    await Promise.all([versionJob.run(), versionJob.run()]);
    const versions = await versionsOf(database, ana.clientId, ana.requestId);
    expect(versions.map((v) => [v.number, v.uploadId, v.createdBy])).toEqual([
      [1, first.id, maya.id],
      [2, second.id, maya.id],
    ]);
    expect(await bytesUsed(database, ana.clientId)).toBe(0);
    // Bob sees none of it; Ana's page opens v2 as the latest.
    expect(await portal.review.page("client", bob.clientId, ana.requestId)).toBeUndefined();
    const page = await portal.review.page("client", ana.clientId, ana.requestId);
    expect(page?.version?.number).toBe(2);
    expect(page?.state).toBe("review");
  });

  it("the team's page of a request lists the client's footage for it, by name, newest first; not another request's, not the cuts, not under another client's id", async () => {
    const { database, portal, sendCut } = await setUp(backend);
    const ana = await signedInClient(database, "ana");
    const other = await storedRequest(database, ana.clientId, "Another video");
    const upload = (requestId: string, displayName: string, completedAt: number | null) => ({
      id: randomUUID(),
      clientId: ana.clientId,
      personId: null,
      requestId,
      displayName,
      size: 1000,
      createdAt: 1,
      completedAt,
    });
    const older = upload(ana.requestId, "beach-take.mp4", 1000);
    const newer = upload(ana.requestId, "", 2000);
    const unfinished = upload(ana.requestId, "still-sending.mp4", null);
    const elsewhere = upload(other, "other-video.mp4", 3000);
    for (const row of [older, newer, unfinished, elsewhere]) {
      await database.write(database.db.insertInto("clientUploads").values(row));
    }
    expect((await sendCut(ana, wavBytes(2000))).patched).toBe(204);

    const footage = await portal.review.footage(ana.clientId, ana.requestId);
    expect(footage.map((item) => [item.id, item.name, item.requestId])).toEqual([
      [newer.id, "", ana.requestId],
      [older.id, "beach-take.mp4", ana.requestId],
    ]);
    const otherRequest = await portal.review.footage(ana.clientId, other);
    expect(otherRequest.map((item) => item.name)).toEqual(["other-video.mp4"]);
    // Another client's id with Ana's request, or ids that are none: nothing.
    const bob = await signedInClient(database, "bob");
    expect(await portal.review.footage(bob.clientId, ana.requestId)).toEqual([]);
    expect(await portal.review.footage("not-an-id", ana.requestId)).toEqual([]);
  });

  it("makes one version per cut when two instances race (same cut twice; two cuts at once)", async () => {
    const { database, sendCut } = await setUp(backend);
    const ana = await signedInClient(database, "ana");
    const a = await sendCut(ana, wavBytes(2000));
    const b = await sendCut(ana, wavBytes(2000));
    const make = (uploadId: string) =>
      versionMake(database, { id: randomUUID(), uploadId, createdBy: null, now: Date.now() });
    const made = await Promise.all([make(a.id ?? ""), make(a.id ?? ""), make(b.id ?? "")]);
    // The same cut: once. The other: numbered now, or (lost the race for the number) next run.
    expect(made.filter((n) => n !== undefined).length).toBeGreaterThanOrEqual(1);
    await make(b.id ?? "");
    await make(a.id ?? "");
    const versions = await versionsOf(database, ana.clientId, ana.requestId);
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
    expect(new Set(versions.map((v) => v.uploadId))).toEqual(new Set([a.id, b.id]));
  });

  it("comments at a frame and a range by typed timecodes, replies, resolve; refusals store nothing; the client decides the latest only; the original opens once approved", async () => {
    const { database, portal, versionJob, sendCut } = await setUp(backend);
    const ana = await signedInClient(database, "ana");
    const bob = await signedInClient(database, "bob");
    const cut = await sendCut(ana, wavBytes(2000));
    await versionJob.run();
    // What the media job would have read: 29.97 fps, 70 s.
    await database.write(
      database.db.insertInto("uploadMedia").values({
        uploadId: cut.id ?? "",
        state: "ready",
        nextAttemptAt: 0,
        leaseHolder: null,
        leaseExpiresAt: null,
        kind: "video",
        format: "mov",
        durationMs: 70_000,
        width: 640,
        height: 360,
        rotation: 0,
        frameRate: "30000/1001",
        videoCodec: "h264",
        audioCodec: null,
        hasAudio: 0,
        reason: null,
        probedAt: 0,
      }),
    );
    const review = portal.review;
    const client = { side: "client" as const, id: ana.personId, name: "ana@example.com" };
    const act = (
      fields: Record<string, string>,
      who: typeof client | { side: "team"; id: string; name: string } = client,
    ) => review.act(who, ana.clientId, ana.requestId, 1, new URLSearchParams(fields));
    const count = async () =>
      (await database.db.selectFrom("versionComments").select("id").execute()).length;

    expect(await act({ intent: "comment", frameIn: "00:00:01;05", body: "Cut here" })).toEqual({
      ok: true,
      notice: "Comment added.",
    });
    expect(
      await act(
        { intent: "comment", frameIn: "00:00:02;00", frameOut: "00:00:03;10", body: "Too long" },
        {
          side: "team",
          ...maya,
        },
      ),
    ).toMatchObject({ ok: true });
    // Refused, with why, nothing stored: a label drop-frame skips, past the end, out before in,
    // empty, too long.
    const refusals: Record<string, string>[] = [
      { frameIn: "00:01:00;00", body: "x" },
      { frameIn: "00:02:00;02", body: "x" },
      { frameIn: "00:00:03;00", frameOut: "00:00:02;00", body: "x" },
      { frameIn: "00:00:01;00", body: "  " },
      { frameIn: "00:00:01;00", body: "x".repeat(2001) },
    ];
    const messages = [];
    for (const fields of refusals) {
      const answer = await act({ intent: "comment", ...fields });
      expect(answer?.ok).toBe(false);
      messages.push(answer && !answer.ok ? answer.error : "");
    }
    expect(messages[0]).toMatch(/does not exist in drop-frame/);
    expect(messages[1]).toMatch(/ends at 00:01:09;/);
    expect(messages[2]).toMatch(/before its start/);
    expect(await count()).toBe(2);

    const page = await review.page("client", ana.clientId, ana.requestId, 1);
    const [atFrame, range] = page?.comments ?? [];
    expect([atFrame?.frameIn, atFrame?.frameOut, atFrame?.timecodeIn]).toEqual([
      35,
      null,
      "00:00:01;05",
    ]);
    expect([range?.frameIn, range?.frameOut, range?.authorName, range?.authorSide]).toEqual([
      60,
      100,
      "Maya",
      "team",
    ]);
    // Read by the person who wrote the first: theirs is marked, the team's is not; read by
    // another (or by the team) none is.
    const byAna = await review.page("client", ana.clientId, ana.requestId, 1, ana.personId);
    expect(byAna?.comments.map((comment) => comment.byViewer)).toEqual([true, false]);
    const byOther = await review.page("client", ana.clientId, ana.requestId, 1, "someone-else");
    expect(byOther?.comments.map((comment) => comment.byViewer)).toEqual([false, false]);
    expect(page?.comments.map((comment) => comment.byViewer)).toEqual([false, false]);
    // The team member reading it: the same id on the client's side is not theirs.
    const byMaya = await review.page("team", ana.clientId, ana.requestId, 1, maya.id);
    expect(byMaya?.comments.map((comment) => comment.byViewer)).toEqual([false, true]);
    expect(
      await act(
        { intent: "reply", parentId: atFrame?.id ?? "", body: "Done" },
        { side: "team", ...maya },
      ),
    ).toMatchObject({ ok: true });
    expect(await act({ intent: "resolve", commentId: atFrame?.id ?? "" })).toMatchObject({
      ok: true,
    });
    // The team's markers at the version's rate, read back: CSV rows, EDL events, FCPXML markers.
    const text = async (file: string) =>
      (await review.file("team", ana.clientId, ana.requestId, 1, file, null))?.text() ?? "";
    const csv = (await text("markers.csv")).trim().split(/\r?\n/);
    expect(csv.slice(1).map((line) => line.split(",").slice(0, 4).join(","))).toEqual([
      "00:00:01;05,00:00:01;05,35,35",
      "00:00:02;00,00:00:03;10,60,100",
    ]);
    const edl = await text("markers.edl");
    expect(edl).toMatch(/^TITLE: /);
    expect(edl).toMatch(/FCM: DROP FRAME/);
    expect((edl.match(/\|M:/g) ?? []).length).toBe(2);
    const fcpxml = await text("markers.fcpxml");
    const markers = [...fcpxml.matchAll(/<marker start="([^"]+)" duration="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(markers).toEqual([
      [`${35 * 1001}/30000s`, "1001/30000s"],
      [`${60 * 1001}/30000s`, `${41 * 1001}/30000s`],
    ]);
    // Bob's client reaches nothing of Ana's by her ids.
    expect(
      await review.act(
        { ...client, id: bob.personId },
        bob.clientId,
        ana.requestId,
        1,
        new URLSearchParams({ intent: "resolve", commentId: atFrame?.id ?? "" }),
      ),
    ).toBeUndefined();

    // Before approval the original is locked for the client, open to the team.
    expect(
      await review.file("client", ana.clientId, ana.requestId, 1, "original", null),
    ).toBeUndefined();
    expect(
      (await review.file("team", ana.clientId, ana.requestId, 1, "original", null))?.status,
    ).toBe(200);
    expect(await act({ intent: "approve" }, { side: "team", ...maya })).toMatchObject({
      ok: false,
    });
    expect(await act({ intent: "changes", note: "Shorter please" })).toMatchObject({ ok: true });
    expect((await review.page("client", ana.clientId, ana.requestId))?.state).toBe("changes");
    expect(await act({ intent: "approve" })).toMatchObject({ ok: false });

    await sendCut(ana, wavBytes(2000));
    await versionJob.run();
    expect(await act({ intent: "approve" })).toEqual({
      ok: false,
      error: "Only the latest version can be decided on.",
    });
    const v2 = new URLSearchParams({ intent: "approve" });
    expect(await review.act(client, ana.clientId, ana.requestId, 2, v2)).toMatchObject({
      ok: true,
    });
    expect((await review.page("client", ana.clientId, ana.requestId))?.state).toBe("approved");
    const original = await review.file(
      "client",
      ana.clientId,
      ana.requestId,
      2,
      "original",
      "bytes=0-9",
    );
    expect(original?.status).toBe(206);
    expect(original?.headers.get("content-range")).toBe("bytes 0-9/2000");
    expect(
      await review.file("client", ana.clientId, ana.requestId, 2, "markers.csv", null),
    ).toBeUndefined();
  });
});

describeEachBackend("the version maker and the bounds on $name", (backend) => {
  it("with previews on, waits for the media job's reading; then makes the version once", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const ana = await signedInClient(database, "ana");
    const review = createReview({ database, dataDir, previewsOn: async () => true });
    const job = review.versionJob({ everyMs: 1000, uploadedBy: async () => null });
    const now = Date.now();
    const cut = await teamCut(database, ana, { at: now });
    await job.run();
    expect(await versionsOf(database, ana.clientId, ana.requestId)).toEqual([]);
    await database.write(
      database.db
        .insertInto("uploadMedia")
        .values({ uploadId: cut, state: "pending", attempts: 0, nextAttemptAt: now }),
    );
    await job.run();
    expect(await versionsOf(database, ana.clientId, ana.requestId)).toEqual([]);
    await database.write(
      database.db
        .updateTable("uploadMedia")
        .set({ state: "unreadable" })
        .where("uploadId", "=", cut),
    );
    await job.run();
    await job.run();
    expect((await versionsOf(database, ana.clientId, ana.requestId)).map((v) => v.number)).toEqual([
      1,
    ]);
  });

  /** A version of A's with `count` comments already (written 100 to a statement). */
  async function versionWithComments(database: DatabaseHandle, count: number) {
    const ana = await signedInClient(database, "ana");
    const now = Date.now();
    const { versionId } = await teamVersion(database, ana, { at: now });
    const rows = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      versionId,
      clientId: ana.clientId,
      parentId: null,
      authorSide: "client",
      authorId: null,
      authorName: "ana@example.com",
      frameIn: index,
      frameOut: null,
      body: `note ${index}`,
      resolvedAt: null,
      createdAt: now,
    }));
    for (let at = 0; at < rows.length; at += 100) {
      await database.write(
        database.db.insertInto("versionComments").values(rows.slice(at, at + 100)),
      );
    }
    const commentCount = async () =>
      Number(
        (
          await database.db
            .selectFrom("versionComments")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { ana, commentCount };
  }

  const oneMore = (body: string) =>
    new URLSearchParams({ intent: "comment", frameIn: "00:00:01:00", body });

  it("refuses a comment past the version's bound with a message, and stores nothing", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const { ana, commentCount } = await versionWithComments(database, commentsPerVersionMax);
    const review = createReview({ database, dataDir, previewsOn: async () => false });
    const answer = await review.act(
      { side: "team", id: "m", name: "Maya" },
      ana.clientId,
      ana.requestId,
      1,
      oneMore("one more"),
    );
    expect(answer).toEqual({
      ok: false,
      error: `This version has ${commentsPerVersionMax} comments, the most it can hold.`,
    });
    expect(await commentCount()).toBe(commentsPerVersionMax);
  });

  it("keeps the bound when eight comments race for the last three places", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const { ana, commentCount } = await versionWithComments(database, commentsPerVersionMax - 3);
    const review = createReview({ database, dataDir, previewsOn: async () => false });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        review.act(
          { side: "team", id: "m", name: "Maya" },
          ana.clientId,
          ana.requestId,
          1,
          oneMore(`racing ${index}`),
        ),
      ),
    );
    expect(answers.filter((answer) => answer?.ok)).toHaveLength(3);
    expect(await commentCount()).toBe(commentsPerVersionMax);
  });
});

it("readComment reads frames at the rate, never seconds, and bounds the body", () => {
  const rate = { num: 25, den: 1 };
  const read = (fields: Record<string, string>) =>
    readComment(new URLSearchParams(fields), rate, { lastFrame: 249, reply: false });
  expect(read({ frameIn: "00:00:01:05", body: "x" })).toEqual({
    ok: true,
    frameIn: 30,
    frameOut: null,
    body: "x",
  });
  expect(read({ frameIn: "00:00:01:05", frameOut: "00:00:01:05", body: "x" })).toMatchObject({
    frameOut: null,
  });
  expect(read({ frameIn: "00:00:10:00", body: "x" })).toMatchObject({ ok: false });
  expect(read({ frameIn: "", body: "x" })).toEqual({
    ok: false,
    error: "Type the timecode the comment is at.",
  });
  expect(read({ frameIn: "00:00:01;05", body: "x" })).toMatchObject({ ok: false });
});
