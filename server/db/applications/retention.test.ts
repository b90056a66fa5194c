import { randomUUID } from "node:crypto";
import { expect, it, onTestFinished } from "vitest";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { startTestServer } from "../../test/server.ts";
import { storeReceived } from "../../test/stored.ts";
import { waitFor } from "../../test/wait.ts";
import type { DatabaseHandle } from "../database.ts";
import { eraseClientRows } from "../portal/client-erase.ts";
import { newPersonId, personInsert } from "../portal/client-people.ts";
import { clientById, clientInsert } from "../portal/clients.ts";
import { purgeConfirmationCounts, purgeExpired, retentionCutoff } from "./retention.ts";

const day = 24 * 60 * 60 * 1000;

async function ids(database: DatabaseHandle, table: "submissions" | "deliveries") {
  const rows = await database.db.selectFrom(table).select("id").execute();
  return rows.length;
}

it("keeps applications forever with RETENTION_DAYS=0", () => {
  expect(retentionCutoff(0)).toBeNull();
  expect(retentionCutoff(730, 1000 * day)).toBe(270 * day);
});

describeEachBackend("retention ($name)", (backend) => {
  it("forgets confirmation counts after a day: they no longer count then", async () => {
    const { database } = await migratedDatabase(backend);
    const now = Date.now();
    const hour = Math.floor(now / (60 * 60 * 1000));
    await database.db
      .insertInto("confirmationRecipients")
      .values([
        { recipientHash: "old", sentAt: now - day - 1000 },
        { recipientHash: "recent", sentAt: now - day + 60_000 },
      ])
      .execute();
    await database.db
      .insertInto("confirmationHours")
      .values([
        { hour: hour - 30, count: 5 },
        { hour, count: 3 },
      ])
      .execute();
    expect(await purgeConfirmationCounts(database, now)).toBe(2);
    const recipients = await database.db
      .selectFrom("confirmationRecipients")
      .select("recipientHash")
      .execute();
    expect(recipients).toEqual([{ recipientHash: "recent" }]);
    const hours = await database.db.selectFrom("confirmationHours").select("hour").execute();
    expect(hours.map((row) => Number(row.hour))).toEqual([hour]);
  });

  it("purges applications received before the cutoff and their deliveries, in batches", async () => {
    const { database } = await migratedDatabase(backend);
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await storeReceived(database, 800 + i));
    const recent = await storeReceived(database, 10);
    const purged = await purgeExpired(database, Date.now() - 730 * day, 2);
    expect(purged).toEqual({ applications: 5, deliveries: 10 });
    const left = await database.db.selectFrom("submissions").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([recent]);
    expect(await ids(database, "deliveries")).toBe(2);
    expect(await purgeExpired(database, Date.now() - 730 * day)).toEqual({
      applications: 0,
      deliveries: 0,
    });
  });

  it("keeps the application a client was made from while the client is; purges it after the client's erase", async () => {
    const { database } = await migratedDatabase(backend);
    // The oldest of all: a purge taking one at a time must pass it by, not stop at it.
    const clients = await storeReceived(database, 900);
    const clientId = randomUUID();
    await database.writeTransaction([
      clientInsert(database.db, {
        id: clientId,
        name: "Kept Client",
        plan: "Creator",
        applicationId: clients,
        createdAt: Date.now(),
      }),
      personInsert(database.db, {
        id: newPersonId(),
        clientId,
        email: "kept@example.com",
        createdAt: Date.now(),
      }),
    ]);
    const other = await storeReceived(database, 800);
    const recent = await storeReceived(database, 10);
    const cutoff = Date.now() - 730 * day;

    expect(await purgeExpired(database, cutoff, 1)).toEqual({ applications: 1, deliveries: 2 });
    const left = await database.db.selectFrom("submissions").select("id").execute();
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([clients, recent]));
    expect(left.map((row) => row.id)).not.toContain(other);
    const kept = await database.db
      .selectFrom("deliveries")
      .select("id")
      .where("submissionId", "=", clients)
      .execute();
    expect(kept).toHaveLength(2);
    expect((await clientById(database, clientId))?.applicationId).toBe(clients);

    expect((await eraseClientRows(database, clientId)).found).toBe(true);
    expect(await purgeExpired(database, cutoff, 1)).toEqual({ applications: 1, deliveries: 2 });
    const after = await database.db.selectFrom("submissions").select("id").execute();
    expect(after.map((row) => row.id)).toEqual([recent]);
  });

  it("the server purges by itself at start (and hourly); RETENTION_DAYS=0 keeps all", async () => {
    const { database, env, dataDir } = await migratedDatabase(backend);
    await storeReceived(database, 40);
    const recent = await storeReceived(database, 5);

    const keeping = await startTestServer({ ...env, DATA_DIR: dataDir, RETENTION_DAYS: "0" });
    await keeping.stop();
    expect(await ids(database, "submissions")).toBe(2);

    const server = await startTestServer({ ...env, DATA_DIR: dataDir, RETENTION_DAYS: "30" });
    onTestFinished(() => server.stop());
    await waitFor(async () => (await ids(database, "submissions")) === 1, {
      what: "the 40-day-old application to be purged",
    });
    const left = await database.db.selectFrom("submissions").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([recent]);
    expect(await ids(database, "deliveries")).toBe(2);
  });
});
