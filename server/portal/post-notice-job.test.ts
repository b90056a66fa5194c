import { expect, it } from "vitest";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { eraseClientRows } from "../db/portal/client-erase.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { clientPeople, clientWithRequest } from "../test/portal.ts";
import { approvedVersion, postForm } from "../test/schedule.ts";
import { postNoticeJob } from "./post-notice-job.ts";
import { createSchedule } from "./schedule.ts";

const kind = "post_waiting_email";
const windowMs = 60_000;
/** Saturday 28 November 2026, noon UTC; the post is on Tuesday 1 December, 17:00 in Berlin. */
const start = Date.UTC(2026, 10, 28, 12);
const postAt = Date.UTC(2026, 11, 1, 16);

const form = (revision: number, fields: Record<string, string> = {}) =>
  postForm({ revision: String(revision), ...fields });

/** The client's schedule on `database` at the test's clock, and a client with a request. */
async function scheduleOf(database: DatabaseHandle, clock: { now: number }) {
  const schedule = createSchedule({
    database,
    feedKey: "a test key of the server",
    siteUrl: "http://localhost:3000",
    now: () => clock.now,
  });
  const client = await clientWithRequest(database, { name: "Ana Studio", title: "Spring launch" });
  return { schedule, client };
}

/** The revisions told so far, each by a delivery of `kind` (post_notices names it). */
async function told(database: DatabaseHandle) {
  const rows = await database.db
    .selectFrom("postNotices")
    .select(["revision", "deliveryId"])
    .orderBy("revision")
    .execute();
  const ids = rows.map((row) => row.deliveryId);
  const made = ids.length
    ? await database.db
        .selectFrom("deliveries")
        .select(["id", "kind"])
        .where("id", "in", ids)
        .execute()
    : [];
  expect(made.map((delivery) => delivery.kind)).toEqual(ids.map(() => kind));
  return rows.map((row) => Number(row.revision));
}

describeEachBackend("post notices on $name", (backend) => {
  it("a post waiting for approval is told once per revision, when the team's edits rest and the video is approved; never once approved or past", async () => {
    const { database } = await migratedDatabase(backend);
    const clock = { now: start };
    const { schedule, client: a } = await scheduleOf(database, clock);
    const [personId] = await clientPeople(database, a.clientId, ["ana@example.com"]);
    let nudged = 0;
    const job = postNoticeJob({
      database,
      kind,
      windowMs,
      everyMs: 1000,
      nudgeWorker: () => {
        nudged += 1;
      },
      now: () => clock.now,
    });
    const save = (revision: number, fields?: Record<string, string>) =>
      schedule.team.savePost(a.clientId, a.requestId, form(revision, fields), "ed@team.example");

    expect(await save(0)).toMatchObject({ ok: true, revision: 1 });
    // The video is not approved: the post is only planned, and the client cannot approve it.
    clock.now += windowMs;
    await job.run();
    expect(await told(database)).toEqual([]);

    // The video approved: told at once (the post rested long enough), once with two runs at once.
    await approvedVersion(database, a);
    await Promise.all([job.run(), job.run()]);
    await job.run();
    expect(await told(database)).toEqual([1]);
    expect(nudged).toBe(1);

    // Two edits in a sitting: one email, of the last, once the window has passed since it.
    clock.now += 1000;
    expect(await save(1, { caption: "Take two" })).toMatchObject({ revision: 2 });
    clock.now += 1000;
    expect(await save(2, { caption: "Take three" })).toMatchObject({ revision: 3 });
    clock.now += windowMs - 1;
    await job.run();
    expect(await told(database)).toEqual([1]);
    clock.now += 1;
    await job.run();
    expect(await told(database)).toEqual([1, 3]);

    // Approved: nothing more to tell.
    const ana: PortalPerson = {
      personId,
      clientId: a.clientId,
      email: "ana@example.com",
      clientName: "Ana Studio",
      plan: "Creator",
    };
    const post = await schedule.team.postPage(a.clientId, a.requestId);
    expect(await schedule.forClient(ana).approve(post?.post?.id ?? "", 3)).toEqual({ ok: true });
    clock.now += windowMs;
    await job.run();
    expect(await told(database)).toEqual([1, 3]);

    // Changed after the approval: asked again, so told again.
    expect(await save(3, { time: "18:00" })).toMatchObject({ revision: 4 });
    clock.now += windowMs;
    await job.run();
    expect(await told(database)).toEqual([1, 3, 4]);

    // A change whose post time has passed by the end of the window: never told.
    expect(await save(4, { caption: "Too late" })).toMatchObject({ revision: 5 });
    clock.now = postAt + 1;
    await job.run();
    expect(await told(database)).toEqual([1, 3, 4]);

    // Erasing the client takes its notices with its posts.
    expect((await eraseClientRows(database, a.clientId)).found).toBe(true);
    expect(await database.db.selectFrom("postNotices").select("postId").execute()).toEqual([]);
  });

  it("without the kind (no email configured), or a client without its application, tells nothing", async () => {
    const { database } = await migratedDatabase(backend);
    const clock = { now: start };
    const { schedule, client: a } = await scheduleOf(database, clock);
    await approvedVersion(database, a);
    await schedule.team.savePost(a.clientId, a.requestId, form(0), "ed@team.example");
    clock.now += windowMs;
    const deps = { database, windowMs, everyMs: 1000, nudgeWorker: () => {}, now: () => clock.now };
    await postNoticeJob({ ...deps, kind: undefined }).run();
    expect(await told(database)).toEqual([]);
    // The application erased (the client stays, without one): no delivery could hang on it.
    await database.write(
      database.db.updateTable("clients").set({ applicationId: null }).where("id", "=", a.clientId),
    );
    await postNoticeJob({ ...deps, kind }).run();
    expect(await told(database)).toEqual([]);
  });
});
