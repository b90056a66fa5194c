import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { expect, it, onTestFinished } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { pendingApplication } from "../test/stored.ts";
import { sleep, waitFor } from "../test/wait.ts";
import { workerTestConfig } from "../test/worker-config.ts";
import { createKindRegistry } from "./kinds/registry.ts";
import { startDeliveryWorker } from "./worker.ts";

const config = workerTestConfig;

async function databaseWith(applications: number): Promise<DatabaseHandle> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-worker-"));
  const database = await openMigratedDatabase({ DATABASE_URL: undefined, dataDir });
  onTestFinished(() => database.close());
  await storeApplications(
    database.db,
    Array.from({ length: applications }, () => pendingApplication()),
  );
  return database;
}

/** A mailer that takes `ms` per message and records when each send ran. */
function recordingMailer(ms: number) {
  const sends: { start: number; end: number }[] = [];
  let active = 0;
  let maxActive = 0;
  const mailer: Mailer = {
    async send() {
      active += 1;
      maxActive = Math.max(maxActive, active);
      const start = performance.now();
      await sleep(ms);
      sends.push({ start, end: performance.now() });
      active -= 1;
    },
    close() {},
  };
  return { mailer, sends, maxActive: () => maxActive };
}

/** A worker on `database` (stopped when the test ends), the intake busy or not. */
function startWorker(database: DatabaseHandle, mailer: Mailer, intakeBusy: boolean) {
  const worker = startDeliveryWorker({
    database,
    config,
    logger: pino({ level: "silent" }),
    mailer,
    intakeBusy: () => intakeBusy,
  });
  onTestFinished(() => worker.stop());
  return worker;
}

it("delivers several at once while the intake is quiet", async () => {
  const database = await databaseWith(3);
  const recorder = recordingMailer(40);
  startWorker(database, recorder.mailer, false);
  await waitFor(() => recorder.sends.length === 6);
  expect(recorder.maxActive()).toBeGreaterThan(1);
});

it("gives way while applications pour in: one at a time, then a pause of 9x its duration", async () => {
  const database = await databaseWith(2);
  const recorder = recordingMailer(20);
  startWorker(database, recorder.mailer, true);
  await waitFor(() => recorder.sends.length === 4, { timeoutMs: 15_000 });
  expect(recorder.maxActive()).toBe(1);
  const ordered = [...recorder.sends].sort((a, b) => a.start - b.start);
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const took = previous.end - previous.start;
    // The pause follows the whole delivery (render, send, record): at least 9x what the send
    // took as measured (its 20 ms timer can end a little early, and so can the pause's: Node's
    // timers count whole milliseconds of the loop's clock), as in send-pool.test.ts.
    expect(took).toBeGreaterThan(18);
    expect(ordered[i]!.start - previous.end).toBeGreaterThanOrEqual(9 * took - 2);
  }
});

it("starts no delivery once half its lease has passed: another instance may claim it then", async () => {
  const database = await databaseWith(3);
  const sent: string[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(String(message.messageId));
      await sleep(30);
    },
    close() {},
  };
  // Two workers (two instances) with a short lease, both giving way to a busy intake: the first
  // claims all six deliveries and, pausing 9x after each send, would still be sending the last
  // ones long after its lease ended and the other worker had claimed them.
  const workers = [0, 1].map(() =>
    startDeliveryWorker({
      database,
      config: { ...config, DELIVERY_LEASE_MS: 400 },
      logger: pino({ level: "silent" }),
      mailer,
      intakeBusy: () => true,
    }),
  );
  onTestFinished(() => Promise.all(workers.map((worker) => worker.stop())).then(() => {}));
  const statuses = async () =>
    (await database.db.selectFrom("deliveries").select("status").execute()).map((d) => d.status);
  await waitFor(async () => (await statuses()).every((status) => status === "done"), {
    timeoutMs: 15_000,
    what: "all six recorded as done",
  });
  // A worker still going through a batch it claimed long ago would send again before its
  // batch ends: both workers' batches in hand are awaited, not a guessed time.
  await Promise.all(workers.map((worker) => worker.idle()));
  expect(sent).toHaveLength(6);
  expect(new Set(sent).size).toBe(6);
});

it("records a sent email once the database is back, instead of sending it again after the lease", async () => {
  const database = await databaseWith(1);
  let down = false;
  const sent: string[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(String(message.messageId));
      down = true; // the database goes away while the email is out
      setTimeout(() => {
        down = false;
      }, 300);
    },
    close() {},
  };
  const worker = startDeliveryWorker({
    database: {
      ...database,
      // Every write of the worker (claims, outcomes) fails while the database is down.
      write: async (query) => {
        if (down) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        return query.execute();
      },
    },
    config, // a lease of 60 s: far longer than this test waits
    logger: pino({ level: "silent" }),
    mailer,
    intakeBusy: () => false,
  });
  onTestFinished(() => worker.stop());
  const statuses = async () =>
    (await database.db.selectFrom("deliveries").select("status").execute()).map((d) => d.status);
  await waitFor(async () => (await statuses()).every((status) => status === "done"), {
    timeoutMs: 5000,
    what: "both deliveries recorded as done",
  });
  expect(new Set(sent).size).toBe(2);
  expect(sent).toHaveLength(2);
});

/** The kinds of one delivery row after the worker had its go at an application. */
async function deliveriesOf(database: DatabaseHandle) {
  return database.db
    .selectFrom("deliveries")
    .select(["kind", "status", "skipReason", "errorClass"])
    .orderBy("kind")
    .execute();
}

it("records a delivery of a kind it does not know as failed for good, never as sent", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-worker-"));
  const database = await openMigratedDatabase({ DATABASE_URL: undefined, dataDir });
  onTestFinished(() => database.close());
  await storeApplications(database.db, [pendingApplication({ deliveries: ["carrier_pigeon"] })]);
  startWorker(database, recordingMailer(0).mailer, false);
  await waitFor(async () => (await deliveriesOf(database))[0]?.status !== "pending");
  expect(await deliveriesOf(database)).toEqual([
    { kind: "carrier_pigeon", status: "failed", skipReason: null, errorClass: "unknown_kind" },
  ]);
});

it("skips a delivery whose kind says why not, and sends the others", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-worker-"));
  const database = await openMigratedDatabase({ DATABASE_URL: undefined, dataDir });
  onTestFinished(() => database.close());
  await storeApplications(database.db, [pendingApplication({ deliveries: ["late", "on_time"] })]);
  const sent: string[] = [];
  const kind = (name: string, skip?: string) => ({
    name,
    made: "on-demand" as const,
    configured: () => true,
    send: async () => {
      sent.push(name);
    },
    skipReason: async () => skip,
  });
  const worker = startDeliveryWorker({
    database,
    config,
    logger: pino({ level: "silent" }),
    mailer: recordingMailer(0).mailer,
    kinds: createKindRegistry([kind("late", "answered in the meantime"), kind("on_time")]),
  });
  onTestFinished(() => worker.stop());
  await waitFor(async () =>
    (await deliveriesOf(database)).every((delivery) => delivery.status !== "pending"),
  );
  expect(await deliveriesOf(database)).toEqual([
    { kind: "late", status: "skipped", skipReason: "answered in the meantime", errorClass: null },
    { kind: "on_time", status: "done", skipReason: null, errorClass: null },
  ]);
  expect(sent).toEqual(["on_time"]);
});
