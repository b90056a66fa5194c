import { expect, it } from "vitest";
import { addMember, awayUpdate, findMember } from "../db/members.ts";
import {
  clockRows,
  decisionForTests,
  footageComplete,
  pauseClose,
  pauseOpen,
  turnNoticeOf,
  versionForTests,
} from "../db/portal/request-clock.ts";
import { databaseOfTwo, describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { clientWithRequest } from "../test/portal.ts";
import { openTurns } from "./clock.ts";
import { cutClockJob } from "./cut-clock-job.ts";

type Database = Awaited<ReturnType<typeof migratedDatabase>>["database"];

// One plan hour lasts a second here: Influencer's 48 h turnaround is 48 s, the lead 4 s.
const hourMs = 1000;
const settings = { hourMs, reminderLeadMs: 4 * hourMs };
const turnaround = 48 * hourMs;
const kinds = { reminder: ["cut_reminder_email"], missed: ["cut_missed_email"] };

function jobOn(database: Database, clock: { now: number }) {
  return cutClockJob({
    database,
    kinds,
    settings,
    everyMs: 1000,
    nudgeWorker: () => {},
    now: () => clock.now,
  });
}

/** The cut notices' deliveries, oldest first, each with its turn_notices row. */
async function notices(database: Database) {
  const rows = await database.db
    .selectFrom("deliveries")
    .select(["id", "kind", "submissionId", "createdAt"])
    .where("kind", "like", "cut_%")
    .orderBy("createdAt")
    .orderBy("kind", "desc")
    .execute();
  const told = await database.db.selectFrom("turnNotices").selectAll().execute();
  return rows.map((row) => {
    const notice = told.find((one) => one.deliveryId === String(row.id));
    if (!notice) throw new Error("a cut delivery without its turn notice");
    return {
      kind: row.kind,
      submissionId: row.submissionId,
      turn: notice.turn,
      dueAt: notice.dueAt,
    };
  });
}

async function influencer(database: Database, editor = "eve@example.com") {
  await addMember(database, editor);
  const client = await clientWithRequest(database, { plan: "Influencer" });
  return client;
}

describeEachBackend("the plan's clock on $name", (backend) => {
  it("footage complete starts the first turn once and gives the request an editor by round robin (never an away member)", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "away@example.com");
    const away = await findMember(database, "away@example.com");
    if (!away) throw new Error("no member");
    await database.write(awayUpdate(database, away.id, true));
    await addMember(database, "eve@example.com");
    await addMember(database, "finn@example.com");
    const a = await clientWithRequest(database, { plan: "Influencer" });
    const b = await clientWithRequest(database, { plan: "Influencer" });
    const first = await footageComplete(database, { ...a, now: 1_000 });
    const second = await footageComplete(database, { ...b, now: 2_000 });
    expect(first?.marked).toBe(true);
    expect(second?.marked).toBe(true);
    const editors = [first?.editorId, second?.editorId];
    expect(new Set(editors).size).toBe(2);
    expect(editors).not.toContain(away.id);
    // Again: nothing changes (the clock keeps its start), and another client's id finds nothing.
    expect(await footageComplete(database, { ...a, now: 9_000 })).toEqual({
      marked: false,
      editorId: first?.editorId,
      cutCameFirst: false,
    });
    expect(
      await footageComplete(database, { clientId: b.clientId, requestId: a.requestId, now: 9_000 }),
    ).toBeUndefined();
    const [row] = await clockRows(database, { requestId: a.requestId, limit: 1 });
    expect(row?.footageCompleteAt).toBe(1_000);
  });

  it("makes one reminder before due and one alert when missed, and nothing more on later runs", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await influencer(database);
    const start = 1_000_000;
    await footageComplete(database, { ...client, now: start });
    const clock = { now: start };
    const job = jobOn(database, clock);
    await job.run();
    clock.now = start + turnaround - settings.reminderLeadMs - 1;
    await job.run();
    expect(await notices(database)).toEqual([]);
    clock.now = start + turnaround - settings.reminderLeadMs;
    await job.run();
    await job.run();
    expect((await notices(database)).map((row) => row.kind)).toEqual(["cut_reminder_email"]);
    clock.now = start + turnaround - 1;
    await job.run();
    clock.now = start + turnaround;
    await job.run();
    clock.now = start + turnaround * 3;
    await job.run();
    const made = await notices(database);
    expect(made.map((row) => [row.kind, Number(row.turn), Number(row.dueAt)])).toEqual([
      ["cut_reminder_email", 0, start + turnaround],
      ["cut_missed_email", 0, start + turnaround],
    ]);
    expect(made.every((row) => row.submissionId === client.applicationId)).toBe(true);
  });

  it("makes nothing once the cut is delivered, and the notice made before says it was delivered", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await influencer(database);
    const start = 1_000_000;
    await footageComplete(database, { ...client, now: start });
    const clock = { now: start + turnaround - 1000 };
    await jobOn(database, clock).run();
    const [reminder] = await database.db.selectFrom("turnNotices").selectAll().execute();
    expect(reminder?.kind).toBe("cut_reminder_email");
    expect((await turnNoticeOf(database, reminder?.deliveryId ?? ""))?.delivered).toBe(false);
    await versionForTests(database, { ...client, number: 1, createdAt: clock.now });
    clock.now = start + turnaround * 2;
    await jobOn(database, clock).run();
    expect((await notices(database)).map((row) => row.kind)).toEqual(["cut_reminder_email"]);
    expect((await turnNoticeOf(database, reminder?.deliveryId ?? ""))?.delivered).toBe(true);
  });

  it("a pause moves the due time by its length, and a paused turn makes nothing", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await influencer(database);
    const start = 1_000_000;
    await footageComplete(database, { ...client, now: start });
    const pauseFrom = start + 10 * hourMs;
    expect(await pauseOpen(database, { ...client, now: pauseFrom, by: null })).toBe(true);
    expect(await pauseOpen(database, { ...client, now: pauseFrom + 1, by: null })).toBe(false);
    const clock = { now: start + turnaround * 2 };
    await jobOn(database, clock).run();
    expect(await notices(database)).toEqual([]);
    const paused = openTurns(await clockRows(database, { limit: 10 }), clock.now, settings);
    expect(paused[0]?.clock).toMatchObject({ state: "paused", remainingMs: 38 * hourMs });
    const pausedFor = 5 * hourMs;
    expect(
      await pauseClose(database, { requestId: client.requestId, now: pauseFrom + pausedFor }),
    ).toBe(true);
    clock.now = start + turnaround + pausedFor - 1;
    await jobOn(database, clock).run();
    expect((await notices(database)).map((row) => row.kind)).toEqual(["cut_reminder_email"]);
    clock.now = start + turnaround + pausedFor;
    await jobOn(database, clock).run();
    const made = await notices(database);
    expect(made.map((row) => row.kind)).toEqual(["cut_reminder_email", "cut_missed_email"]);
    expect(made.every((row) => Number(row.dueAt) === start + turnaround + pausedFor)).toBe(true);
  });

  it("a revision's turn starts when changes are asked on v1, with its own reminder and alert", async () => {
    const { database } = await migratedDatabase(backend);
    const client = await influencer(database);
    const start = 1_000_000;
    await footageComplete(database, { ...client, now: start });
    await versionForTests(database, { ...client, number: 1, createdAt: start + hourMs });
    const asked = start + 2 * hourMs;
    await decisionForTests(database, {
      requestId: client.requestId,
      number: 1,
      decision: "changes",
      at: asked,
    });
    const clock = { now: asked + turnaround };
    await jobOn(database, clock).run();
    const made = await notices(database);
    expect(made.map((row) => [row.kind, Number(row.turn), Number(row.dueAt)])).toEqual([
      ["cut_missed_email", 1, asked + turnaround],
    ]);
    // v2 delivers it; approving v2 owes nothing more.
    await versionForTests(database, { ...client, number: 2, createdAt: clock.now + 1 });
    await decisionForTests(database, {
      requestId: client.requestId,
      number: 2,
      decision: "approved",
      at: clock.now + 2,
    });
    clock.now += turnaround * 2;
    await jobOn(database, clock).run();
    expect(await notices(database)).toHaveLength(1);
  });

  it("two job runners racing make each turn's reminder and alert once", async () => {
    const { database, other } = await databaseOfTwo(backend);
    const clients = [await influencer(database), await influencer(database, "finn@example.com")];
    const start = 1_000_000;
    for (const client of clients) await footageComplete(database, { ...client, now: start });
    const clock = { now: start + turnaround - 1000 };
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => jobOn(i % 2 ? other : database, clock).run()),
    );
    clock.now = start + turnaround;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => jobOn(i % 2 ? other : database, clock).run()),
    );
    const made = await notices(database);
    expect(made.map((row) => row.kind).sort()).toEqual([
      "cut_missed_email",
      "cut_missed_email",
      "cut_reminder_email",
      "cut_reminder_email",
    ]);
    const all = await database.db.selectFrom("deliveries").select("kind").execute();
    expect(all.filter((row) => row.kind.startsWith("cut_"))).toHaveLength(4);
  });
});
