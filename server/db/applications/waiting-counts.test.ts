import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator } from "kysely/migration";
import { expect, it, onTestFinished } from "vitest";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { type DatabaseHandle, openDatabase } from "../database.ts";
import { addMember, findMember, removeMember } from "../members.ts";
import { migrateToLatest, migrations } from "../migrations/index.ts";
import { notSpamStatements, ownerUpdate, spamStatements, statusUpdate } from "./changes.ts";
import { eraseApplicant } from "./erase.ts";
import { overdueCount, overdueCounts } from "./inbox.ts";
import { firstResponseStatements } from "./promise.ts";
import { purgeExpired } from "./retention.ts";
import { storeApplications } from "./store.ts";

const hour = 3600_000;
const now = Date.UTC(2026, 10, 28, 12, 0);

/** What the kept counts must say: counted from the rows, as overdueCounts did before 0021. */
async function countedFromRows({ db }: DatabaseHandle) {
  const rows = await db
    .selectFrom("submissions")
    .select((eb) => ["ownerId", eb.fn.countAll<number>().as("n")])
    .where("isSpam", "=", 0)
    .where("firstResponseAt", "is", null)
    .where("dueAt", "is not", null)
    .where("dueAt", "<=", now)
    .groupBy("ownerId")
    .execute();
  return new Map(rows.map((row) => [row.ownerId, Number(row.n)]));
}

/** The kept waiting counts, without the owners at zero. */
async function kept({ db }: DatabaseHandle) {
  const rows = await db.selectFrom("waitingCounts").selectAll().where("waiting", "<>", 0).execute();
  return Object.fromEntries(rows.map((row) => [row.ownerId, Number(row.waiting)]));
}

const sorted = (map: Map<string | null, number>) =>
  [...map].sort(([a], [b]) => String(a).localeCompare(String(b)));

describeEachBackend("the overdue counts, kept ($name)", (backend) => {
  it("stay right through intake, an answer, spam and not spam, a new owner, a member removed, an erase and retention", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "ana@example.com");
    await addMember(database, "ben@example.com");
    const ana = (await findMember(database, "ana@example.com"))?.id ?? "";
    const ben = (await findMember(database, "ben@example.com"))?.id ?? "";
    const expectRight = async (expected: Record<string, number>) => {
      expect(sorted(await overdueCounts(database, now))).toEqual(
        sorted(await countedFromRows(database)),
      );
      expect(await overdueCount(database, now)).toBe(
        [...(await countedFromRows(database)).values()].reduce((sum, n) => sum + n, 0),
      );
      expect(await kept(database)).toEqual(expected);
    };
    // Overdue: ana's two, ben's one, one nobody's. Not due yet: ana's one. Spam: not counted;
    // from before the promise (no due time): not counted.
    const batch = [
      application(now - 50 * hour, { ownerId: ana, email: "one@example.com" }),
      application(now - 40 * hour, { ownerId: ana }),
      application(now - 30 * hour, { ownerId: ben, email: "three@example.com" }),
      application(now - 30 * hour, { ownerId: null }),
      application(now - 2 * hour, { ownerId: ana }),
      application(now - 60 * hour, { ownerId: ben, isSpam: 1 }),
      application(now - 60 * hour, { ownerId: ben, dueAt: null }),
    ];
    const ids = batch.map((item) => item.row.id);
    await storeApplications(database.db, batch, now, {
      confirmationsPerHour: Number.POSITIVE_INFINITY,
      postgres: backend.name === "postgres",
    });
    await expectRight({ [ana]: 3, [ben]: 1, "": 1 });
    expect(sorted(await overdueCounts(database, now))).toEqual(
      sorted(
        new Map([
          [ana, 2],
          [ben, 1],
          [null, 1],
        ]),
      ),
    );

    // A status alone answers nothing here; the first response does.
    await database.write(statusUpdate(database.db, ids[1] ?? "", "onboarded"));
    await expectRight({ [ana]: 3, [ben]: 1, "": 1 });
    await database.writeTransaction(firstResponseStatements(database.db, ids[1] ?? "", now));
    await expectRight({ [ana]: 2, [ben]: 1, "": 1 });

    await database.writeTransaction(spamStatements(database.db, ids[3] ?? "", now));
    await expectRight({ [ana]: 2, [ben]: 1 });
    await database.writeTransaction(notSpamStatements(database, ids[3] ?? "", [], now).slice(0, 1));
    await expectRight({ [ana]: 2, [ben]: 1, "": 1 });

    await database.write(ownerUpdate(database.db, ids[0] ?? "", ben, ana));
    await expectRight({ [ana]: 1, [ben]: 2, "": 1 });
    // Removing ana leaves hers to nobody (the foreign key sets the owner to null).
    await removeMember(database, "ana@example.com");
    await expectRight({ [ben]: 2, "": 2 });

    await eraseApplicant(database, "THREE@example.com", "no-such-recipient");
    await expectRight({ [ben]: 1, "": 2 });
    await purgeExpired(database, now - 45 * hour);
    await expectRight({ "": 2 });
  });

  it("start from the applications already there when the migration runs", async () => {
    const { env, cleanup } = await backend.setup({ empty: true });
    onTestFinished(cleanup);
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-0021-"));
    const handle = openDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
    onTestFinished(() => handle.close());
    const before = Object.entries(migrations(handle.dialect)).filter(
      ([name]) => name < "0021_waiting_counts",
    );
    const earlier = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => Object.fromEntries(before) },
      allowUnorderedMigrations: true,
    });
    expect((await earlier.migrateToLatest()).error).toBeUndefined();
    await handle.db
      .insertInto("submissions")
      .values(
        [
          application(now - 30 * hour),
          application(now - 29 * hour),
          application(now - 1 * hour),
          application(now - 30 * hour, { firstResponseAt: now - 29 * hour }),
        ].map((item) => item.row),
      )
      .execute();
    expect(await migrateToLatest(handle.db, handle.dialect)).toContain("0021_waiting_counts");
    expect(await kept(handle)).toEqual({ "": 3 });
    expect(await overdueCount(handle, now)).toBe(2);
  });
});

const application = (createdAt: number, row: Record<string, unknown> = {}) =>
  pendingApplication({ row: { createdAt, dueAt: createdAt + 24 * hour, ownerId: null, ...row } });
