import { expect, it } from "vitest";
import { databaseOfTwo, describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { clientWithRequest, finishedUpload } from "../test/portal.ts";
import { footageNoticeJob } from "./footage-notice-job.ts";
import { noticeLookBackMs } from "./notice-job.ts";

const kinds = ["footage_notice_email", "footage_notice_slack"];
const windowMs = 60_000;

describeEachBackend("the footage notices on $name", (backend) => {
  /** A job on `database` with a clock of the test's and the notices' delivery rows. */
  function jobOn(
    database: Awaited<ReturnType<typeof migratedDatabase>>["database"],
    clock: { now: number },
    options: { readsMedia?: boolean; nudges?: { count: number } } = {},
  ) {
    return footageNoticeJob({
      database,
      kinds,
      readsMedia: async () => options.readsMedia ?? true,
      windowMs,
      everyMs: 1000,
      nudgeWorker: () => {
        if (options.nudges) options.nudges.count += 1;
      },
      now: () => clock.now,
    });
  }
  const notices = (database: Awaited<ReturnType<typeof migratedDatabase>>["database"]) =>
    database.db
      .selectFrom("deliveries")
      .select(["id", "kind", "submissionId", "nextAttemptAt"])
      .where("kind", "like", "footage_notice_%")
      .orderBy("createdAt")
      .orderBy("kind")
      .execute();
  const toldBy = async (
    database: Awaited<ReturnType<typeof migratedDatabase>>["database"],
    kind: string,
  ) =>
    new Map(
      (
        await database.db
          .selectFrom("uploadNotices")
          .select(["uploadId", "deliveryId"])
          .where("kind", "=", kind)
          .execute()
      ).map((row) => [row.uploadId, row.deliveryId]),
    );

  it("gathers a request's files read within the window into one notice per kind, then starts a new batch", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database);
    const start = Date.now();
    const clock = { now: start };
    const nudges = { count: 0 };
    const job = jobOn(database, clock, { nudges });
    const ready = (name: string, at: number) =>
      finishedUpload(database, owner, {
        name,
        completedAt: at,
        media: { state: "ready", durationMs: 3000 },
      });
    // Ten files at once, then one more half a minute later: one notice per kind for the eleven.
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, index) => ready(`clip-${index}.mp4`, start)),
    );
    await job.run();
    expect(await notices(database)).toEqual([]);
    clock.now = start + 30_000;
    const late = await ready("late.mp4", clock.now);
    await job.run();
    clock.now = start + windowMs - 1;
    await job.run();
    expect(await notices(database)).toEqual([]);
    expect(nudges.count).toBe(0);
    clock.now = start + windowMs;
    await job.run();
    const made = await notices(database);
    expect(made.map((row) => row.kind)).toEqual(kinds);
    expect(made.every((row) => row.submissionId === owner.applicationId)).toBe(true);
    expect(made.every((row) => Number(row.nextAttemptAt) === start + windowMs)).toBe(true);
    expect(nudges.count).toBe(1);
    for (const kind of kinds) {
      const told = await toldBy(database, kind);
      const delivery = made.find((row) => row.kind === kind)?.id;
      expect([...told.keys()].sort()).toEqual([...first, late].sort());
      expect(new Set(told.values())).toEqual(new Set([delivery]));
    }

    // Runs after it make nothing more; a file after it is the next batch's, a window later.
    await job.run();
    expect(await notices(database)).toHaveLength(2);
    clock.now = start + windowMs + 1000;
    const next = await ready("next.mp4", clock.now);
    await job.run();
    expect(await notices(database)).toHaveLength(2);
    clock.now += windowMs;
    await job.run();
    const after = await notices(database);
    expect(after).toHaveLength(4);
    const email = (await toldBy(database, "footage_notice_email")).get(next);
    expect(after.filter((row) => row.id === email)).toHaveLength(1);
    expect(after.slice(0, 2)).toEqual(made);
  });

  it("waits for a file to be read; without ffmpeg on the server, tells it unread", async () => {
    const { database } = await migratedDatabase(backend);
    const owner = await clientWithRequest(database);
    const start = Date.now();
    const clock = { now: start };
    const pending = await finishedUpload(database, owner, {
      name: "being-read.mp4",
      completedAt: start,
      media: { state: "pending" },
    });
    const unread = await finishedUpload(database, owner, {
      name: "never-read.mp4",
      completedAt: start,
    });
    clock.now = start + windowMs;
    await jobOn(database, clock).run();
    expect((await toldBy(database, "footage_notice_email")).size).toBe(0);
    // Unreadable is read, for good: told (without a length).
    await database.write(
      database.db
        .updateTable("uploadMedia")
        .set({ state: "unreadable" })
        .where("uploadId", "=", pending),
    );
    await jobOn(database, clock).run();
    expect([...(await toldBy(database, "footage_notice_email")).keys()]).toEqual([pending]);

    // A server without ffprobe/ffmpeg reads nothing: its files are told as they finish.
    await jobOn(database, clock, { readsMedia: false }).run();
    clock.now += windowMs;
    await jobOn(database, clock, { readsMedia: false }).run();
    expect([...(await toldBy(database, "footage_notice_email")).keys()].sort()).toEqual(
      [pending, unread].sort(),
    );
    // Both had waited a window by then: one notice per kind tells the two.
    expect(await notices(database)).toHaveLength(2);
  });

  it("tells nothing of files finished over a day ago, nor of a client whose application was erased", async () => {
    const { database } = await migratedDatabase(backend);
    const start = Date.now();
    const clock = { now: start };
    const owner = await clientWithRequest(database);
    await finishedUpload(database, owner, {
      name: "old.mp4",
      completedAt: start - noticeLookBackMs - 1,
      media: { state: "ready", durationMs: 1000 },
    });
    const erased = await clientWithRequest(database, { name: "Erased Eve" });
    await database.write(
      database.db
        .updateTable("clients")
        .set({ applicationId: null })
        .where("id", "=", erased.clientId),
    );
    await finishedUpload(database, erased, {
      name: "orphan.mp4",
      completedAt: start,
      media: { state: "ready", durationMs: 1000 },
    });
    clock.now = start + windowMs;
    await jobOn(database, clock).run();
    clock.now += windowMs;
    await jobOn(database, clock).run();
    expect((await toldBy(database, "footage_notice_email")).size).toBe(0);
    expect(await notices(database)).toEqual([]);
  });

  it("two instances running at once tell each file once, in one notice per kind", async () => {
    const { database, other } = await databaseOfTwo(backend);
    const owner = await clientWithRequest(database);
    const start = Date.now();
    const files = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        finishedUpload(database, owner, {
          name: `take-${index}.mov`,
          completedAt: start,
          media: { state: "ready", durationMs: 1000 },
        }),
      ),
    );
    const clock = { now: start };
    await Promise.all([jobOn(database, clock).run(), jobOn(other, clock).run()]);
    clock.now = start + windowMs;
    await Promise.all(
      Array.from({ length: 4 }, (_, index) => jobOn(index % 2 ? other : database, clock).run()),
    );
    const made = await notices(database);
    expect(made.map((row) => row.kind).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      const told = await toldBy(database, kind);
      expect([...told.keys()].sort()).toEqual([...files].sort());
      expect(new Set(told.values())).toEqual(new Set([made.find((row) => row.kind === kind)?.id]));
    }
  });
});
