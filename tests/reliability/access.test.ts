import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { addMember } from "../../server/db/members.ts";
import { personInsert } from "../../server/db/portal/client-people.ts";
import { requestInsert } from "../../server/db/portal/client-requests.ts";
import { sessionInsert, signInTokenInsert } from "../../server/db/portal/client-sessions.ts";
import { postApproval, postInsert } from "../../server/db/portal/request-posts.ts";
import { newPortalToken } from "../../server/mail/portal-links.ts";
import { posterFile, previewFile, uploadFile } from "../../server/media/media-files.ts";
import { wavBytes } from "../../server/test/media-bytes.ts";
import { teamVersion } from "../../server/test/portal.ts";
import { signedInClient } from "../../server/test/portal-session.ts";
import { approvedVersion } from "../../server/test/schedule.ts";
import { readSignInEmails } from "../../server/test/team.ts";
import { waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { builtPages } from "./support/pages.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";

// Issue 38's access matrix over bytes: client A, client B, a team member, a person removed from
// A, someone signed out and someone holding an expired sign-in link, against every portal page,
// tus HEAD/PATCH/DELETE on A's uploads and the team's footage files of A's upload (original,
// poster, preview); issue 39's cuts (decision 0091): A's version page, poster and locked
// original, a comment and the approval posted to it, the team's request page, version original
// and markers (CSV, EDL, FCPXML), and the team's tus endpoint for cuts (186 cells). Only A reaches A's portal side, only the member the team's files; every
// other cell is a 401/403/404 or a redirect to sign-in, and never carries a byte of A's file or
// a word of A's space. A DELETE or PATCH refused leaves A's upload as it was. Then the member
// erases A from the client page: everything of A's is gone, and A's session with it.

const { buildDir, withPages } = builtPages("access matrix");

type Who = "A" | "B" | "member" | "removed" | "signed out" | "expired link";
const everyone: Who[] = ["B", "member", "removed", "signed out", "expired link", "A"];

/** One URL of the matrix: who may reach it, and how to tell that A's data came back. */
interface Target {
  name: string;
  method: "GET" | "HEAD" | "PATCH" | "DELETE" | "POST";
  path: string;
  allowed: Who[];
  /** What a response carrying A's data holds (a marker of A's space, or A's file's bytes). */
  leaks: (body: Buffer, response: Response) => boolean;
  /** A PATCH's body (the next bytes of A's partial upload), its headers. */
  body?: () => Buffer;
  headers?: () => Record<string, string>;
  /** A page open to all (sign-in): anyone gets it, and no one but A a word of A's. */
  open?: boolean;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.skipIf(!withPages)("16. the access matrix over bytes", () => {
  const { instances, keep } = stopAfterAll();

  it("A's pages and uploads to A only, A's files to members only: 0 cross-client reads, nothing of A's changed by anyone else", async ({
    task,
  }) => {
    const server: Instance = await startInstance({
      BUILD_DIR: buildDir,
      // No ffmpeg: the media job leaves the poster and preview written below as they are.
      FFMPEG_PATH: "/nonexistent/ffmpeg",
      FFPROBE_PATH: "/nonexistent/ffprobe",
    });
    instances.push(server);
    const origin = new URL(server.url).origin;
    const database = keep(
      openDatabase({ DATABASE_URL: undefined, dataDir: server.dataDir }),
      (handle) => handle.close(),
    );

    // The people. A and B: a client each, signed in; a member signed in by the emailed link;
    // a second person of A signed in, then removed by the member on A's page; an expired link.
    const a = await signedInClient(database, "ana");
    const b = await signedInClient(database, "bo");
    await addMember(database, "maya@team.example");
    const teamForm = (cookie: string, extra: Record<string, string> = {}) => ({
      cookie,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...extra,
    });
    await fetch(`${server.url}/team/sign-in`, {
      method: "POST",
      headers: teamForm(""),
      body: new URLSearchParams({ email: "maya@team.example" }),
    });
    const [mail] = await waitFor(() =>
      readSignInEmails(server.dataDir).then((all) => all.length && all),
    );
    const signedIn = await fetch(`${server.url}/team/sign-in/link?token=${mail?.token}`, {
      method: "POST",
      headers: teamForm(""),
      body: new URLSearchParams({ token: mail?.token ?? "" }),
      redirect: "manual",
    });
    expect(signedIn.status).toBe(302);
    const memberCookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const removedSession = newPortalToken();
    const removedId = randomUUID();
    const now = Date.now();
    await database.writeTransaction([
      personInsert(database.db, {
        id: removedId,
        clientId: a.clientId,
        email: "removed@example.com",
        createdAt: now,
      }),
      sessionInsert(database.db, {
        tokenHash: removedSession.hash,
        personId: removedId,
        expiresAt: now + 3_600_000,
        now,
      }),
    ]);
    const removedCookie = `portal_session=${removedSession.token}`;
    expect(
      (await fetch(`${server.url}/portal`, { headers: { cookie: removedCookie } })).status,
    ).toBe(200);
    const removal = await fetch(`${server.url}/team/clients/${a.clientId}`, {
      method: "POST",
      headers: teamForm(memberCookie),
      body: new URLSearchParams({ intent: "remove", person: removedId }),
      redirect: "manual",
    });
    expect(removal.status).toBe(200);
    const late = newPortalToken();
    await database.write(
      signInTokenInsert(database.db, {
        tokenHash: late.hash,
        personId: a.personId,
        expiresAt: now - 1000,
        now: now - 60_000,
      }),
    );
    const lateUse = await fetch(`${server.url}/portal/sign-in/link`, {
      method: "POST",
      headers: teamForm("", {}),
      body: new URLSearchParams({ token: late.token }),
      redirect: "manual",
    });
    expect(lateUse.status).toBe(410);
    expect(lateUse.headers.getSetCookie()).toEqual([]);
    const cookies: Record<Who, string> = {
      A: a.cookie,
      B: b.cookie,
      member: memberCookie,
      removed: removedCookie,
      "signed out": "",
      // What the expired link's answer set: nothing.
      "expired link": lateUse.headers.getSetCookie().join("; "),
    };

    // A's uploads: one finished (with a poster and a preview), one partial (PATCHed by the
    // matrix), one to DELETE; B's own, to show B reads B's and not A's.
    const tus = (cookie: string) => ({ "Tus-Resumable": "1.0.0", Origin: origin, cookie });
    const upload = async (who: typeof a, source: Buffer, send: number) => {
      const created = await fetch(`${server.url}/portal/uploads`, {
        method: "POST",
        headers: {
          ...tus(who.cookie),
          "Upload-Length": String(source.length),
          "Upload-Metadata": `request ${Buffer.from(who.requestId).toString("base64")}`,
        },
      });
      expect(created.status).toBe(201);
      const id = created.headers.get("location")?.split("/").at(-1) ?? "";
      const patched = await fetch(`${server.url}/portal/uploads/${id}`, {
        method: "PATCH",
        headers: {
          ...tus(who.cookie),
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": "0",
        },
        body: new Uint8Array(source.subarray(0, send)),
      });
      expect(patched.status).toBe(204);
      return id;
    };
    const footage = wavBytes(256 * 1024);
    const finished = await upload(a, footage, footage.length);
    const partialSource = wavBytes(64 * 1024);
    const partial = await upload(a, partialSource, 8192);
    const doomed = await upload(a, wavBytes(8192), 8192);
    await upload(b, wavBytes(8192), 8192);
    const poster = Buffer.concat([Buffer.from("A-POSTER-"), wavBytes(2048)]);
    const preview = Buffer.concat([Buffer.from("A-PREVIEW-"), wavBytes(4096)]);
    await mkdir(path.dirname(posterFile(server.dataDir, finished)), { recursive: true });
    await writeFile(posterFile(server.dataDir, finished), poster);
    await writeFile(previewFile(server.dataDir, finished), preview);
    await database.write(
      database.db
        .insertInto("uploadMedia")
        .values({
          uploadId: finished,
          state: "ready",
          attempts: 1,
          nextAttemptAt: 0,
          kind: "video",
          hasPoster: 1,
          hasPreview: 1,
        })
        .onConflict((conflict) =>
          conflict.column("uploadId").doUpdateSet({ state: "ready", hasPoster: 1, hasPreview: 1 }),
        ),
    );

    // A's cut (issue 39, decision 0091): the team's upload made v1 of A's request, undecided,
    // with a poster and a comment of A's at frame 0.
    const cutBytes = Buffer.concat([Buffer.from("A-CUT-"), wavBytes(4096)]);
    const cutPoster = Buffer.concat([Buffer.from("A-CUT-POSTER-"), wavBytes(1024)]);
    const { cutId: cut, versionId } = await teamVersion(database, a, {
      at: now,
      size: cutBytes.length,
      media: { frameRate: "25/1", durationMs: 4000, hasPoster: true },
    });
    await writeFile(uploadFile(server.dataDir, cut), cutBytes);
    await writeFile(posterFile(server.dataDir, cut), cutPoster);
    await database.write(
      database.db.insertInto("versionComments").values({
        id: randomUUID(),
        versionId,
        clientId: a.clientId,
        parentId: null,
        authorSide: "client",
        authorId: a.personId,
        authorName: "ana@example.com",
        frameIn: 0,
        frameOut: null,
        body: "A-COMMENT-MARK logo earlier",
        resolvedAt: null,
        createdAt: now,
      }),
    );
    const commentsOfA = async () =>
      (
        await database.db
          .selectFrom("versionComments")
          .select("id")
          .where("clientId", "=", a.clientId)
          .execute()
      ).length;

    // A's data, as any response could carry it: a word of A's space, or bytes of A's files.
    const aMarkers = [
      "ana&#x27;s first video",
      "ana's first video",
      "ana&#x27;s launch video",
      "ana's launch video",
      "ana@example.com",
      "A-COMMENT-MARK",
    ];
    const samples = [footage, poster, preview, partialSource, cutBytes, cutPoster].map((bytes) =>
      bytes.subarray(512, 576),
    );
    const carriesA = (body: Buffer) =>
      aMarkers.some((marker) => body.includes(marker)) ||
      samples.some((sample) => body.includes(sample));
    const partialOffset = async () =>
      (await readFile(uploadFile(server.dataDir, partial)).catch(() => Buffer.alloc(0))).length;

    // The posting schedule (issue 39): A's approved post on an approved cut, and A's feed at a
    // secret address, rotated once by A (the old address is kept to ask for it). The post is on
    // a second request of A's, whose v1 is approved (the first request's v1 stays undecided:
    // the matrix approves it).
    const scheduled = { clientId: a.clientId, requestId: randomUUID() };
    await database.write(
      requestInsert(database.db, {
        id: scheduled.requestId,
        clientId: a.clientId,
        title: "ana's launch video",
        brief: "The launch.",
        platform: "TikTok",
        wishedDate: "2026-12-08",
        startsWeek: 0,
        createdBy: a.personId,
        createdAt: Date.now(),
      }),
    );
    await approvedVersion(database, scheduled);
    const postId = randomUUID();
    const postAt = Date.now() + 3 * 86_400_000;
    await database.write(
      postInsert(database.db, {
        id: postId,
        requestId: scheduled.requestId,
        clientId: a.clientId,
        platform: "TikTok",
        at: postAt,
        timeZone: "Europe/Berlin",
        caption: "A-POST-CAPTION of ana's launch",
        hashtags: "#anaslaunch",
        by: "maya@team.example",
        now: Date.now(),
      }),
    );
    await database.write(
      postApproval(database.db, {
        id: postId,
        clientId: a.clientId,
        revision: 1,
        personId: a.personId,
        now: Date.now(),
      }),
    );
    aMarkers.push("A-POST-CAPTION");
    const postDay = new Date(postAt).toISOString().slice(0, 10);
    const schedulePath = `/portal/schedule?view=week&date=${postDay}`;
    const feedOfA = async () => {
      const html = await (
        await fetch(`${server.url}${schedulePath}`, { headers: { cookie: a.cookie } })
      ).text();
      const found = /value="https?:\/\/[^"/]+(\/portal\/feeds\/[A-Za-z0-9_-]{43}\.ics)"/.exec(html);
      if (!found?.[1]) throw new Error("no feed address on A's schedule");
      return found[1];
    };
    const oldFeed = await feedOfA();
    const rotation = await fetch(`${server.url}${schedulePath}`, {
      method: "POST",
      headers: { ...teamForm(a.cookie) },
      body: new URLSearchParams({ intent: "rotate" }),
      redirect: "manual",
    });
    expect(rotation.status).toBe(302);
    const feed = await feedOfA();
    expect(feed).not.toBe(oldFeed);
    // A's tokens are A's data too: no one else's page may carry them.
    aMarkers.push(oldFeed.slice(-47, -4), feed.slice(-47, -4));

    // Every URL of the matrix, in one place. The client's own files on /portal: A's poster and
    // preview for A only, like the portal's pages; the original is never a client's to read.
    const pageOfA = (body: Buffer) => carriesA(body);
    const portalByteRoutes: Target[] = (["poster", "preview", "original"] as const).map(
      (file): Target => ({
        name: `GET portal ${file} of A's upload`,
        method: "GET",
        path: `/portal/footage/${finished}/${file}`,
        allowed: file === "original" ? [] : ["A"],
        leaks: carriesA,
      }),
    );
    const teamFile = (clientId: string, file: "original" | "poster" | "preview") =>
      `/team/clients/${clientId}/footage/${finished}/${file}`;
    const openPage = (name: string, pathname: string): Target => ({
      name,
      method: "GET",
      path: pathname,
      allowed: [],
      leaks: pageOfA,
      open: true,
    });
    const scheduleTargets: Target[] = [
      {
        name: "GET A's schedule",
        method: "GET",
        path: schedulePath,
        allowed: ["A"],
        leaks: pageOfA,
      },
      {
        name: "GET A's schedule .data",
        method: "GET",
        path: `/portal/schedule.data?view=week&date=${postDay}`,
        allowed: ["A"],
        leaks: pageOfA,
      },
      {
        // The feed's token is its only key (calendar apps have no session): whoever holds it.
        name: "GET A's feed by its secret token",
        method: "GET",
        path: feed,
        allowed: [...everyone],
        leaks: carriesA,
      },
      {
        name: "GET A's rotated (old) feed",
        method: "GET",
        path: oldFeed,
        allowed: [],
        leaks: carriesA,
      },
      {
        name: "GET a feed of a made-up token",
        method: "GET",
        path: `/portal/feeds/${"A".repeat(43)}.ics`,
        allowed: [],
        leaks: carriesA,
      },
      {
        name: "GET /team/schedule (every client)",
        method: "GET",
        path: `/team/schedule?view=week&date=${postDay}`,
        allowed: ["member"],
        leaks: pageOfA,
      },
      {
        name: "GET /team/schedule of A",
        method: "GET",
        path: `/team/schedule?view=week&date=${postDay}&client=${a.clientId}`,
        allowed: ["member"],
        leaks: pageOfA,
      },
      {
        name: "GET team post page of A's request",
        method: "GET",
        path: `/team/clients/${a.clientId}/requests/${scheduled.requestId}/post`,
        allowed: ["member"],
        leaks: pageOfA,
      },
      {
        name: "GET team post page of A's request, by B's id",
        method: "GET",
        path: `/team/clients/${b.clientId}/requests/${scheduled.requestId}/post`,
        allowed: [],
        leaks: pageOfA,
      },
    ];
    const targets: Target[] = [
      openPage("GET /portal/sign-in", "/portal/sign-in"),
      openPage("GET A's expired link page", `/portal/sign-in/link?token=${late.token}`),
      openPage("GET /portal/sign-out", "/portal/sign-out"),
      { name: "GET /portal", method: "GET", path: "/portal", allowed: ["A"], leaks: pageOfA },
      {
        name: "GET /portal.data",
        method: "GET",
        path: "/portal.data",
        allowed: ["A"],
        leaks: pageOfA,
      },
      {
        name: "GET A's request page",
        method: "GET",
        path: `/portal/requests/${a.requestId}`,
        allowed: ["A"],
        leaks: pageOfA,
      },
      {
        name: "GET A's request page .data",
        method: "GET",
        path: `/portal/requests/${a.requestId}.data`,
        allowed: ["A"],
        leaks: pageOfA,
      },
      ...portalByteRoutes,
      {
        name: "tus HEAD A's upload",
        method: "HEAD",
        path: `/portal/uploads/${finished}`,
        allowed: ["A"],
        leaks: (_body, response) => response.headers.has("upload-offset"),
      },
      {
        name: "tus PATCH A's partial upload",
        method: "PATCH",
        path: `/portal/uploads/${partial}`,
        allowed: ["A"],
        leaks: (_body, response) => response.headers.has("upload-offset"),
        headers: () => ({ "Content-Type": "application/offset+octet-stream" }),
        body: () => partialSource.subarray(8192, 8192 + 1024),
      },
      {
        name: "tus DELETE A's upload",
        method: "DELETE",
        path: `/portal/uploads/${doomed}`,
        allowed: ["A"],
        leaks: () => false,
      },
      ...(["original", "poster", "preview"] as const).map(
        (file): Target => ({
          name: `GET team ${file} of A's upload`,
          method: "GET",
          path: teamFile(a.clientId, file),
          allowed: ["member"],
          leaks: carriesA,
        }),
      ),
      {
        name: "GET team original of A's upload, by B's client id",
        method: "GET",
        path: teamFile(b.clientId, "original"),
        allowed: [],
        leaks: carriesA,
      },
      {
        name: "GET team original, a Range of it",
        method: "GET",
        path: teamFile(a.clientId, "original"),
        allowed: ["member"],
        leaks: carriesA,
        headers: () => ({ Range: "bytes=512-1023" }),
      },
      ...scheduleTargets,
    ];

    // Cuts, their review, approval and exports (issue 39): A's version to A (the original
    // locked until approved: to no client yet), the team's request page, files and markers to
    // members; a comment posted to A's version by A only; the team's tus endpoint for cuts to
    // members only.
    const versionPath = `/portal/requests/${a.requestId}/versions/1`;
    const teamRequest = (clientId: string) => `/team/clients/${clientId}/requests/${a.requestId}`;
    const form = (fields: Record<string, string>) => () =>
      Buffer.from(new URLSearchParams(fields).toString());
    const formType = () => ({ "Content-Type": "application/x-www-form-urlencoded" });
    targets.push(
      {
        name: "GET A's version page",
        method: "GET",
        path: versionPath,
        allowed: ["A"],
        leaks: pageOfA,
      },
      {
        name: "GET A's version page .data",
        method: "GET",
        path: `${versionPath}.data`,
        allowed: ["A"],
        leaks: pageOfA,
      },
      {
        name: "GET A's version poster",
        method: "GET",
        path: `${versionPath}/poster`,
        allowed: ["A"],
        leaks: carriesA,
      },
      {
        name: "GET A's version original (not approved)",
        method: "GET",
        path: `${versionPath}/original`,
        allowed: [],
        leaks: carriesA,
      },
      {
        name: "POST a comment on A's version",
        method: "POST",
        path: versionPath,
        allowed: ["A"],
        leaks: () => false,
        headers: formType,
        body: form({ intent: "comment", frameIn: "00:00:01:00", body: "by the matrix" }),
      },
      {
        name: "POST approve A's version",
        method: "POST",
        path: versionPath,
        allowed: ["A"],
        leaks: () => false,
        headers: formType,
        body: form({ intent: "approve" }),
      },
      {
        name: "GET team page of A's request",
        method: "GET",
        path: teamRequest(a.clientId),
        allowed: ["member"],
        leaks: pageOfA,
      },
      {
        name: "GET team page of A's request, by B's id",
        method: "GET",
        path: teamRequest(b.clientId),
        allowed: [],
        leaks: pageOfA,
      },
      {
        name: "GET team v1 original of A",
        method: "GET",
        path: `${teamRequest(a.clientId)}/versions/1/original`,
        allowed: ["member"],
        leaks: carriesA,
      },
      ...(["csv", "edl", "fcpxml"] as const).map(
        (format): Target => ({
          name: `GET team v1 markers.${format} of A`,
          method: "GET",
          path: `${teamRequest(a.clientId)}/versions/1/markers.${format}`,
          allowed: ["member"],
          leaks: carriesA,
        }),
      ),
      {
        name: "tus POST a cut to A's request",
        method: "POST",
        path: "/team/cut-uploads",
        allowed: ["member"],
        leaks: () => false,
        headers: () => ({
          "Upload-Length": "4096",
          "Upload-Metadata": `client ${Buffer.from(a.clientId).toString("base64")},request ${Buffer.from(a.requestId).toString("base64")}`,
        }),
      },
    );
    // A comes last in every row: A's approval is the only one, after everyone else's refused.

    const matrix: string[][] = [];
    let crossClientReads = 0;
    let deniedCells = 0;
    const failures: string[] = [];
    const finishedHash = sha256(await readFile(uploadFile(server.dataDir, finished)));
    for (const target of targets) {
      const row = [target.name];
      for (const who of everyone) {
        const offsetBefore = await partialOffset();
        const response = await fetch(`${server.url}${target.path}`, {
          method: target.method,
          headers: {
            ...tus(cookies[who]),
            ...(target.method === "PATCH" ? { "Upload-Offset": String(offsetBefore) } : {}),
            ...target.headers?.(),
          },
          body: target.body ? new Uint8Array(target.body()) : undefined,
          redirect: "manual",
        });
        const body = Buffer.from(await response.arrayBuffer());
        const allowed = target.allowed.includes(who);
        if (target.open) {
          if (who !== "A" && carriesA(body)) crossClientReads += 1;
          if (response.status >= 500) failures.push(`${who} ${target.name}: ${response.status}`);
          row.push(`${response.status}`);
          continue;
        }
        const ok = response.status >= 200 && response.status < 300;
        const read = ok && target.leaks(body, response);
        const where = response.headers.get("location") ?? response.headers.get("x-remix-redirect");
        row.push(
          where
            ? `${response.status}→${where.replace(/^https?:\/\/[^/]+/, "")}`
            : `${response.status}`,
        );
        if (allowed) {
          // Meaningful only if the one who may gets through, with A's data where it reads.
          if (!ok) failures.push(`${who} ${target.name}: ${response.status}`);
          if (target.method === "GET" && !read) failures.push(`${who} ${target.name}: no A data`);
          continue;
        }
        deniedCells += 1;
        if (read || carriesA(body)) crossClientReads += 1;
        const refused =
          [401, 403, 404].includes(response.status) ||
          ((response.status === 302 || response.status === 303 || response.status === 204) &&
            /\/(portal|team)\/sign-in$/.test(where ?? ""));
        // B's own /portal is B's space: a 200 that holds nothing of A's.
        const ownSpace = who === "B" && target.path.startsWith("/portal") && ok && !read;
        if (!refused && !ownSpace) failures.push(`${who} ${target.name}: ${response.status}`);
        // Nothing of A's changed by anyone else.
        if (target.method === "PATCH" && (await partialOffset()) !== offsetBefore) {
          failures.push(`${who} PATCH moved A's offset`);
        }
        if (target.method === "DELETE" && !existsSync(uploadFile(server.dataDir, doomed))) {
          failures.push(`${who} DELETE removed A's upload`);
        }
      }
      matrix.push(row);
    }
    // A's own DELETE went through, A's PATCH added its bytes, A's finished file never changed.
    const deleted = !existsSync(uploadFile(server.dataDir, doomed));
    const patchedOffset = await partialOffset();
    const finishedUnchanged =
      sha256(await readFile(uploadFile(server.dataDir, finished))) === finishedHash;

    // B approving A's post by its id: 404, A's approval as it was; A rotating from another
    // origin: 403, A's feed as it was.
    const bApproves = await fetch(`${server.url}${schedulePath}`, {
      method: "POST",
      headers: teamForm(b.cookie),
      body: new URLSearchParams({ intent: "approve", post: postId, revision: "1" }),
      redirect: "manual",
    });
    const foreignRotation = await fetch(`${server.url}${schedulePath}`, {
      method: "POST",
      headers: teamForm(a.cookie, { Origin: "https://evil.example" }),
      body: new URLSearchParams({ intent: "rotate" }),
      redirect: "manual",
    });
    const feedAfter = (await fetch(`${server.url}${feed}`)).status;
    const approvedBy = (
      await database.db
        .selectFrom("requestPosts")
        .select("approvedBy")
        .where("id", "=", postId)
        .executeTakeFirst()
    )?.approvedBy;

    // A state change from another origin, even with A's session: 403, the upload kept.
    const foreign = await fetch(`${server.url}/portal/uploads/${partial}`, {
      method: "DELETE",
      headers: { ...tus(a.cookie), Origin: "https://evil.example" },
    });
    const foreignKept = existsSync(uploadFile(server.dataDir, partial));
    // A comment from another origin, even with A's session: 403, nothing stored.
    const commentsBefore = await commentsOfA();
    const foreignComment = await fetch(`${server.url}${versionPath}`, {
      method: "POST",
      headers: {
        cookie: a.cookie,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "comment", frameIn: "00:00:01:00", body: "evil" }),
      redirect: "manual",
    });
    const foreignCommentStored = (await commentsOfA()) !== commentsBefore;
    // A's own comment went in once (the matrix's A cell), nobody else's did.
    const matrixComments = (
      await database.db
        .selectFrom("versionComments")
        .select(["authorId"])
        .where("body", "=", "by the matrix")
        .execute()
    ).map((row) => row.authorId);
    const decided = await database.db
      .selectFrom("requestVersions")
      .select(["decision", "decidedBy"])
      .where("uploadId", "=", cut)
      .executeTakeFirstOrThrow();

    // Erase A from the client page: refused to all but the member with the site's Origin and
    // the second press; then nothing of A's is left and A's session is gone.
    const eraseBy = (cookie: string, form: Record<string, string>, extra = {}) =>
      fetch(`${server.url}/team/clients/${a.clientId}`, {
        method: "POST",
        headers: teamForm(cookie, extra),
        body: new URLSearchParams(form),
        redirect: "manual",
      });
    const confirmed = { intent: "erase", confirm: "yes" };
    const eraseRefusals: string[] = [];
    for (const who of ["A", "B", "removed", "signed out"] as const) {
      eraseRefusals.push(`${who} ${(await eraseBy(cookies[who], confirmed)).status}`);
    }
    eraseRefusals.push(
      `member from evil.example ${(await eraseBy(memberCookie, confirmed, { Origin: "https://evil.example" })).status}`,
    );
    eraseRefusals.push(
      `member unconfirmed ${(await eraseBy(memberCookie, { intent: "erase" })).status}`,
    );
    const stillThere = existsSync(uploadFile(server.dataDir, finished));
    const erase = await eraseBy(memberCookie, confirmed);
    const afterErase = {
      status: `${erase.status}→${erase.headers.get("location")}`,
      aHead: (
        await fetch(`${server.url}/portal/uploads/${partial}`, {
          method: "HEAD",
          headers: tus(a.cookie),
        })
      ).status,
      memberOriginal: (
        await fetch(`${server.url}${teamFile(a.clientId, "original")}`, {
          headers: { cookie: memberCookie },
        })
      ).status,
      feed: (await fetch(`${server.url}${feed}`)).status,
      filesLeft: [finished, partial].filter(
        (id) =>
          existsSync(uploadFile(server.dataDir, id)) ||
          existsSync(posterFile(server.dataDir, id)) ||
          existsSync(previewFile(server.dataDir, id)),
      ).length,
      rowsLeft: (
        await database.db
          .selectFrom("clientUploads")
          .select("id")
          .where("clientId", "=", a.clientId)
          .execute()
      ).length,
    };

    const table = [["", ...everyone], ...matrix]
      .map((line) => line.map((cell, index) => cell.padEnd(index === 0 ? 52 : 22)).join(""))
      .join("\n");
    console.log(`\nScenario 16, the access matrix (status, → where it sent):\n${table}\n`);
    recordFigures(task, {
      order: 16,
      scenario: "16 access matrix over bytes",
      figures: [
        { name: "cells (URL × who)", value: targets.length * everyone.length },
        { name: "cells refused to others", value: deniedCells },
        { name: "cross-client reads", value: crossClientReads, must: "0" },
        { name: "cells not as expected", value: failures.length, must: "0" },
        { name: "A's DELETE removed the upload (others' did not)", value: deleted, must: "true" },
        { name: "A's partial upload offset after A's PATCH", value: patchedOffset, must: "9216" },
        { name: "A's finished file unchanged (SHA-256)", value: finishedUnchanged, must: "true" },
        { name: "DELETE from another origin", value: foreign.status, must: "403" },
        { name: "comment from another origin", value: foreignComment.status, must: "403" },
        {
          name: "B approves A's post / A rotates from another origin / A's feed after",
          value: `${bApproves.status} / ${foreignRotation.status} / ${feedAfter}`,
          must: "404 / 403 / 200",
        },
        { name: "erase refused", value: eraseRefusals.join(", ") },
        { name: "erase by the member", value: afterErase.status },
        {
          name: "after: A's tus HEAD / member's original",
          value: `${afterErase.aHead} / ${afterErase.memberOriginal}`,
          must: "401 / 404",
        },
        {
          name: "after: A's files / rows left",
          value: `${afterErase.filesLeft} / ${afterErase.rowsLeft}`,
          must: "0 / 0",
        },
      ],
    });
    console.log(`cross-client reads: ${crossClientReads}`);

    expect(failures).toEqual([]);
    expect(crossClientReads).toBe(0);
    expect(deleted).toBe(true);
    expect(patchedOffset).toBe(8192 + 1024);
    expect(finishedUnchanged).toBe(true);
    expect(foreign.status).toBe(403);
    expect(foreignKept).toBe(true);
    expect(foreignComment.status).toBe(403);
    expect(foreignCommentStored).toBe(false);
    expect(matrixComments).toEqual([a.personId]);
    expect(decided).toEqual({ decision: "approved", decidedBy: a.personId });
    expect([bApproves.status, foreignRotation.status, feedAfter]).toEqual([404, 403, 200]);
    expect(approvedBy).toBe(a.personId);
    expect(eraseRefusals).toEqual([
      "A 303",
      "B 303",
      "removed 303",
      "signed out 303",
      "member from evil.example 403",
      "member unconfirmed 400",
    ]);
    expect(stillThere).toBe(true);
    expect(afterErase).toEqual({
      status: "302→/team/clients?erased=1",
      aHead: 401,
      memberOriginal: 404,
      feed: 404,
      filesLeft: 0,
      rowsLeft: 0,
    });
  });
});
