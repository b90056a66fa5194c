import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { addMember, findMember } from "../db/members.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { figuresOf, percentile, responseReport, responseWindows } from "./response-report.ts";

const hour = 3600_000;
/** The figures of applications none of which is due or answered yet. */
const nothingAnswered = {
  applications: 0,
  due: 0,
  answered: 0,
  answeredInTime: 0,
  medianSeconds: null,
  p90Seconds: null,
};
const day = 24 * hour;
/** 25 Nov 2026, 15:00 UTC: mid-day, so "today" has hours behind it. */
const now = Date.UTC(2026, 10, 25, 15, 0);

describe("percentile (nearest rank)", () => {
  it("is null without values, the value itself with one", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([42], 0.5)).toBe(42);
    expect(percentile([42], 0.9)).toBe(42);
  });

  it("takes the value at rank ceil(p·n)", () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(ten, 0.5)).toBe(5);
    expect(percentile(ten, 0.9)).toBe(9);
    expect(percentile(ten, 1)).toBe(10);
    expect(percentile(ten, 0)).toBe(1);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    expect(percentile([10, 20, 30], 0.9)).toBe(30);
    expect(percentile([10, 20], 0.5)).toBe(10);
  });
});

describe("figuresOf", () => {
  /** Long after every due time below: each is due or answered. */
  const later = 1000 * hour;
  const row = (createdAt: number, dueAt: number | null, firstResponseAt: number | null) => ({
    createdAt,
    dueAt,
    firstResponseAt,
    ownerId: null,
  });

  it("counts answers within the due time as in time, later ones as late", () => {
    const figures = figuresOf(
      [
        row(0, 24 * hour, 1 * hour), // in time, 1 h
        row(0, 24 * hour, 24 * hour), // exactly at the due time: in time, 24 h
        row(0, 24 * hour, 30 * hour), // late, 30 h
        row(0, null, 50 * hour), // from before the clock: nothing was promised, so in time
        row(0, 24 * hour, null), // not answered
      ],
      later,
    );
    expect(figures).toEqual({
      applications: 5,
      due: 5,
      answered: 4,
      answeredInTime: 3,
      // seconds sorted: 3600, 86400, 108000, 180000 → ranks 2 and 4
      medianSeconds: 24 * 3600,
      p90Seconds: 50 * 3600,
    });
  });

  it("rounds each first response to whole seconds, unsorted input included", () => {
    const figures = figuresOf([row(0, hour, 1_400), row(0, hour, 600), row(0, hour, 2_600)], later);
    expect(figures.medianSeconds).toBe(1);
    expect(figures.p90Seconds).toBe(3);
  });

  it("gives nulls when nothing was answered, zeros when there was nothing", () => {
    expect(figuresOf([row(0, hour, null), row(0, hour, null)], later)).toEqual({
      applications: 2,
      due: 2,
      answered: 0,
      answeredInTime: 0,
      medianSeconds: null,
      p90Seconds: null,
    });
    expect(figuresOf([], later)).toEqual(nothingAnswered);
  });

  it("rates answers in time over the applications due or answered, never those whose clock runs", () => {
    // Issue 42's morning: 19 applications in 7 days, 12 not due yet, 3 of the other 7 in time.
    const now = 100 * hour;
    const rows = [
      ...Array.from({ length: 3 }, () => row(0, 24 * hour, 2 * hour)), // in time
      ...Array.from({ length: 2 }, () => row(0, 24 * hour, 40 * hour)), // answered late
      ...Array.from({ length: 2 }, () => row(0, 24 * hour, null)), // overdue
      ...Array.from({ length: 12 }, () => row(90 * hour, 114 * hour, null)), // clock running
    ];
    const figures = figuresOf(rows, now);
    expect(figures).toMatchObject({ applications: 19, due: 7, answered: 5, answeredInTime: 3 });
    // An answer given before its due time counts at once, though the due time is still ahead.
    expect(figuresOf([row(90 * hour, 114 * hour, 91 * hour)], now)).toMatchObject({
      due: 1,
      answeredInTime: 1,
    });
    // A row from before the clock, unanswered: nothing promised, never due.
    expect(figuresOf([row(0, null, null)], now).due).toBe(0);
  });
});

describe("responseReport on SQLite", () => {
  async function openDatabase(): Promise<DatabaseHandle> {
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-response-"));
    const database = await openMigratedDatabase({ dataDir });
    onTestFinished(async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    return database;
  }

  async function memberId(database: DatabaseHandle, email: string): Promise<string> {
    await addMember(database, email);
    const member = await findMember(database, email);
    if (!member) throw new Error(`no member ${email}`);
    return member.id;
  }

  /** One application received `ago` ms before now, due 24 h later, answered `answeredAfter` ms in. */
  function received(
    ago: number,
    options: { answeredAfter?: number; ownerId?: string | null; isSpam?: boolean } = {},
  ) {
    const createdAt = now - ago;
    return pendingApplication({
      row: {
        createdAt,
        dueAt: createdAt + 24 * hour,
        firstResponseAt:
          options.answeredAfter === undefined ? null : createdAt + options.answeredAfter,
        ownerId: options.ownerId ?? null,
        isSpam: options.isSpam ? 1 : 0,
      },
      deliveries: [],
    });
  }

  it("reports the windows, what is overdue, each member and each day", async () => {
    const database = await openDatabase();
    const alice = await memberId(database, "alice@example.com");
    const bob = await memberId(database, "bob@example.com");
    await memberId(database, "carol@example.com");
    await storeApplications(
      database.db,
      [
        // Today: answered in 1 h (in time), and one still open (due tomorrow).
        received(2 * hour, { answeredAfter: hour, ownerId: alice }),
        received(hour),
        // 2 days ago, never answered: overdue now.
        received(2 * day, { ownerId: bob }),
        // 3 days ago, answered after 30 h: late.
        received(3 * day, { answeredAfter: 30 * hour, ownerId: alice }),
        // 10 days ago, answered in 2 h: counts in the 28 days, not in the 7.
        received(10 * day, { answeredAfter: 2 * hour, ownerId: bob }),
        // Spam, unanswered and past due: counts nowhere.
        received(day + hour, { ownerId: alice, isSpam: true }),
        // 30 days ago, never answered: outside the windows, yet overdue now.
        received(30 * day, { ownerId: bob }),
      ],
      now - 30 * day,
    );

    const report = await responseReport(database, now, 24);

    expect(report.now).toBe(now);
    expect(report.promiseHours).toBe(24);
    expect(report.windows).toEqual([
      {
        days: 7,
        all: {
          applications: 4,
          // Not the one received an hour ago: its clock still runs.
          due: 3,
          answered: 2,
          answeredInTime: 1,
          medianSeconds: 3600,
          p90Seconds: 30 * 3600,
        },
      },
      {
        days: 28,
        all: {
          applications: 5,
          due: 4,
          answered: 3,
          answeredInTime: 2,
          medianSeconds: 2 * 3600,
          p90Seconds: 30 * 3600,
        },
      },
    ]);
    // Every genuine unanswered application past its due time, however old (the inbox banner's).
    expect(report.overdueNow).toBe(2);

    expect(report.members).toEqual([
      {
        name: "alice",
        email: "alice@example.com",
        figures: {
          applications: 2,
          due: 2,
          answered: 2,
          answeredInTime: 1,
          medianSeconds: 3600,
          p90Seconds: 30 * 3600,
        },
        overdue: 0,
      },
      {
        name: "bob",
        email: "bob@example.com",
        figures: {
          applications: 2,
          due: 2,
          answered: 1,
          answeredInTime: 1,
          medianSeconds: 2 * 3600,
          p90Seconds: 2 * 3600,
        },
        // Overdue now however old, as the total: the one of 30 days ago counts too.
        overdue: 2,
      },
      {
        name: "carol",
        email: "carol@example.com",
        figures: nothingAnswered,
        overdue: 0,
      },
      {
        name: "Unassigned",
        email: null,
        figures: { ...nothingAnswered, applications: 1 },
        overdue: 0,
      },
    ]);

    const today = Math.floor(now / day) * day;
    expect(report.daily).toHaveLength(28);
    expect(report.daily.map((bar) => bar.day)).toEqual(
      Array.from({ length: 28 }, (_, index) => today - (27 - index) * day),
    );
    const total = report.daily.reduce((sum, bar) => sum + bar.applications, 0);
    expect(total).toBe(report.windows[1]?.all.applications);
    const on = (daysAgo: number) => report.daily[27 - daysAgo];
    expect(on(0)).toEqual({ day: today, applications: 2, answeredInTime: 1, late: 0 });
    expect(on(2)).toMatchObject({ applications: 1, answeredInTime: 0, late: 1 });
    expect(on(3)).toMatchObject({ applications: 1, answeredInTime: 0, late: 1 });
    expect(on(10)).toMatchObject({ applications: 1, answeredInTime: 1, late: 0 });
    expect(on(1)).toMatchObject({ applications: 0, answeredInTime: 0, late: 0 });
  });

  it("reports zeros and nulls on an empty database, members listed", async () => {
    const database = await openDatabase();
    await memberId(database, "dana@example.com");
    const report = await responseReport(database, now, 48);
    expect(report.overdueNow).toBe(0);
    expect(report.windows.map((window) => window.all.applications)).toEqual([0, 0]);
    expect(report.windows[0]?.all.medianSeconds).toBeNull();
    expect(report.members.map((member) => member.email)).toEqual(["dana@example.com"]);
    expect(report.daily).toHaveLength(28);
    expect(report.daily.every((bar) => bar.applications === 0)).toBe(true);
  });
});

/**
 * The report as it was built before the figures were summed in the database (0021): every
 * genuine row of the range read, and figuresOf over each window, owner and day. The summed
 * report must say exactly this.
 */
async function reportFromRows(
  database: DatabaseHandle,
  windows: readonly number[],
  promiseHours: number,
) {
  const longest = Math.max(...windows);
  const firstDay = Math.floor(now / day) * day - (longest - 1) * day;
  const genuine = (
    await database.db
      .selectFrom("submissions")
      .select(["createdAt", "dueAt", "firstResponseAt", "ownerId"])
      .where("isSpam", "=", 0)
      .execute()
  ).map((row) => ({
    createdAt: Number(row.createdAt),
    dueAt: row.dueAt === null ? null : Number(row.dueAt),
    firstResponseAt: row.firstResponseAt === null ? null : Number(row.firstResponseAt),
    ownerId: row.ownerId,
  }));
  const overdue = (row: (typeof genuine)[number]) =>
    row.firstResponseAt === null && row.dueAt !== null && row.dueAt <= now;
  const rows = genuine.filter((row) => row.createdAt >= firstDay);
  const within = (days: number) =>
    rows.filter((row) => row.createdAt >= firstDay + (longest - days) * day);
  const members = await database.db
    .selectFrom("teamMembers")
    .select(["id", "name", "email"])
    .orderBy("name")
    .execute();
  const owners = [...members, { id: null, name: "Unassigned", email: null }];
  return {
    now,
    promiseHours,
    overdueNow: genuine.filter(overdue).length,
    windows: windows.map((days) => ({ days, all: figuresOf(within(days), now) })),
    members: owners
      .map((member) => ({
        name: member.name,
        email: member.email,
        figures: figuresOf(
          within(longest).filter((row) => row.ownerId === member.id),
          now,
        ),
        overdue: genuine.filter((row) => overdue(row) && row.ownerId === member.id).length,
      }))
      .filter(
        (member) => member.email !== null || member.figures.applications > 0 || member.overdue > 0,
      ),
    daily: Array.from({ length: longest }, (_, index) => {
      const start = firstDay + index * day;
      const ofDay = rows.filter((row) => row.createdAt >= start && row.createdAt < start + day);
      const figures = figuresOf(ofDay, now);
      return {
        day: start,
        applications: figures.applications,
        answeredInTime: figures.answeredInTime,
        late: figures.answered - figures.answeredInTime + ofDay.filter(overdue).length,
      };
    }),
  };
}

describeEachBackend("responseReport, summed in the database, on $name", (backend) => {
  it("says what figuresOf says over the rows: every window, owner and day, medians and 90th percentiles included", async () => {
    const { database } = await migratedDatabase(backend);
    const owners: (string | null)[] = [null];
    for (const email of ["ana@example.com", "ben@example.com", "cy@example.com"]) {
      await addMember(database, email);
      owners.push((await findMember(database, email))?.id ?? null);
    }
    // 400 applications over 50 days: spam, from before the clock (no due time), unanswered
    // (overdue or not yet), answered in time or late, first responses of equal seconds and
    // of seconds rounded up and down, at the due time exactly.
    const items = Array.from({ length: 400 }, (_, i) => {
      const createdAt = now - Math.floor(i * 3 * hour + (i % 7) * 1_234);
      // One in 11 answered at its due time exactly (in time).
      const answeredAfter = i % 11 === 5 ? 24 * hour : ((i * 7919) % 60) * hour + (i % 5) * 1_400;
      const answered = i % 3 !== 0 && createdAt + answeredAfter <= now;
      return pendingApplication({
        row: {
          createdAt,
          dueAt: i % 23 === 0 ? null : createdAt + 24 * hour,
          firstResponseAt: answered ? createdAt + answeredAfter : null,
          ownerId: owners[i % owners.length] ?? null,
          isSpam: i % 17 === 0 ? 1 : 0,
        },
        deliveries: [],
      });
    });
    await storeApplications(database.db, items, now, {
      confirmationsPerHour: Number.POSITIVE_INFINITY,
      postgres: backend.name === "postgres",
    });
    for (const windows of [responseWindows, [1], [3, 10, 40]]) {
      expect(await responseReport(database, now, 24, windows)).toEqual(
        await reportFromRows(database, windows, 24),
      );
    }
  });
});
