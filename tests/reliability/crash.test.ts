import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { applicationOf } from "../../server/test/fixtures.ts";
import { postgresAvailable } from "../../server/test/postgres.ts";
import { sleep, waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { createHttpClient } from "./support/http-client.ts";
import { type Instance, restartInstance, startInstance } from "./support/instance.ts";
import { startLoad } from "./support/load.ts";
import { type SmtpCounter, startSmtpCounter } from "./support/smtp-counter.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { deliveryStatuses, openStore, storedIds } from "./support/store.ts";

const leaseMs = 3000;
const workerEnv = {
  DELIVERY_LEASE_MS: String(leaseMs),
  DELIVERY_RETRY_DELAYS: "0.5,1,1,2",
  // Each applicant has an address of their own, and all of them get their confirmation.
  CONFIRMATIONS_PER_HOUR: "1000000",
};

/** Pending deliveries held under a live lease by the process `pid` at time `at`. */
async function leasedBy(handle: DatabaseHandle, pid: number, at: number) {
  const rows = await handle.db
    .selectFrom("deliveries")
    .select(["id", "leaseOwner"])
    .where("status", "=", "pending")
    .where("leaseOwner", "like", `%/${pid}/%`)
    .where("leaseExpiresAt", ">", at)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Freezes `victim` (SIGSTOP) at a moment it holds a live lease on some delivery, and returns that
 * moment. A frozen process completes nothing, so the kill that follows cannot miss the lease (a
 * delivery sent in the few milliseconds between seeing a lease and killing did make the
 * precondition fail). When it holds none once frozen, it is thawed and watched again (10 s).
 */
async function freezeWhileLeasing(handle: DatabaseHandle, victim: Instance) {
  const until = Date.now() + 10_000;
  for (;;) {
    await waitFor(async () => (await leasedBy(handle, victim.pid, Date.now())).length > 0, {
      timeoutMs: Math.max(0, until - Date.now()),
      intervalMs: 20,
      what: "a delivery under lease",
    });
    process.kill(victim.pid, "SIGSTOP");
    const at = Date.now();
    if ((await leasedBy(handle, victim.pid, at)).length > 0) return at;
    process.kill(victim.pid, "SIGCONT");
  }
}

/** How many of the deliveries `ids` are done, under a lease of the process `pid`. */
async function doneBy(handle: DatabaseHandle, ids: string[], pid: number) {
  if (ids.length === 0) return 0;
  const rows = await handle.db
    .selectFrom("deliveries")
    .select(["status", "leaseOwner"])
    .where("id", "in", ids)
    .execute();
  return rows.filter((row) => row.status === "done" && row.leaseOwner?.includes(`/${pid}/`)).length;
}

/**
 * Kills `victim` (kill -9) while it holds a lease under `load`; the load goes on `loadAfterMs`
 * more on the instances left, then stops. What the kill caught, and what was acknowledged and
 * stored by the end.
 */
async function killUnderLoad(
  store: DatabaseHandle,
  victim: Instance,
  load: ReturnType<typeof startLoad>,
  loadAfterMs = 0,
) {
  const killedAt = await freezeWhileLeasing(store, victim);
  const inFlight = load.inFlight();
  await victim.crash();
  const leased = await leasedBy(store, victim.pid, killedAt);
  await sleep(loadAfterMs);
  await load.stop();
  const acked = new Set(load.acked.values());
  const stored = await storedIds(store);
  const present = [...acked].filter((id) => stored.has(id)).length;
  return { killedAt, sent: load.sent(), inFlight, leased, acked, stored, present };
}
type Kill = Awaited<ReturnType<typeof killUnderLoad>>;

/** What became of the work after the kill. */
interface Recovery {
  /** Who took over the dead instance's deliveries ("after restart", "by the survivor"). */
  by: string;
  /** Until every delivery was done: the figure's name, and seconds. */
  time: [name: string, seconds: number];
  /** How many of the dead instance's deliveries it completed. */
  done: number;
  missingEmails: number;
  /** Emails sent twice (at-least-once delivery allows it for the leased ones). */
  twice: number;
}

/** The figures of a crash scenario: the kill, then the recovery. */
const crashFigures = (kill: Kill, recovery: Recovery) => [
  { name: "submissions sent", value: kill.sent },
  { name: "requests in flight at the kill", value: kill.inFlight, must: "> 0" },
  { name: "acknowledged (200)", value: kill.acked.size },
  { name: "acknowledged and present", value: kill.present, must: "= acknowledged" },
  { name: "stored (incl. unanswered at the crash)", value: kill.stored.size },
  { name: "deliveries under the dead instance's lease", value: kill.leased.length, must: "> 0" },
  { name: `  completed ${recovery.by}`, value: recovery.done, must: "= leased" },
  { name: recovery.time[0], value: Math.round(recovery.time[1] * 10) / 10 },
  { name: "emails missing", value: recovery.missingEmails, must: "= 0" },
  { name: "emails sent twice (at-least-once)", value: recovery.twice, must: "≤ leased" },
];

/**
 * The kill came under load and during deliveries and lost no acknowledged application; the
 * dead instance's deliveries were completed, every email went out, only leased ones twice.
 */
function expectRecovered(kill: Kill, recovery: Recovery) {
  expect(kill.inFlight).toBeGreaterThan(0);
  expect(kill.acked.size).toBeGreaterThan(0);
  expect(kill.present).toBe(kill.acked.size);
  expect(kill.leased.length).toBeGreaterThan(0);
  expect(recovery.done).toBe(kill.leased.length);
  expect(recovery.missingEmails).toBe(0);
  expect(recovery.twice).toBeLessThanOrEqual(kill.leased.length);
}

/** Message-IDs of the team notifications and confirmations of `ids` received at least once. */
function emailed(smtp: SmtpCounter, ids: Iterable<string>) {
  // Our Message-IDs carry a tag between the id and the kind: <id.tag.kind@domain> (0063).
  const received = new Set(
    [...smtp.byMessageId.keys()].map((messageId) => {
      const match = /^<([^.@]+)\.[^.@]+\.(team|confirmation)@reelsmith\.example>$/.exec(messageId);
      return match ? `${match[1]} ${match[2]}` : "";
    }),
  );
  let missing = 0;
  for (const id of ids) {
    for (const kind of ["team", "confirmation"]) {
      if (!received.has(`${id} ${kind}`)) missing += 1;
    }
  }
  return missing;
}

describe("4. crash (kill -9) under load", () => {
  const { instances, keep, freshDatabase } = stopAfterAll();
  /** One mail receiver for both tests, stopped after them. */
  let shared: SmtpCounter | undefined;
  const smtpCounter = async () =>
    (shared ??= keep(await startSmtpCounter({ delayMs: 5 }), (counter) => counter.stop()));

  it("SQLite: every acknowledged application survives, and its emails go out after restart", async ({
    task,
  }) => {
    const smtp = await smtpCounter();
    const first = await startInstance({ SMTP_URL: smtp.url, ...workerEnv });
    instances.push(first);
    const store = openStore(first);
    try {
      const load = startLoad(() => [first], 20);
      await sleep(1000);
      // Killed while it holds leases on deliveries (it claims them in batches, under load).
      const kill = await killUnderLoad(store, first, load);
      const { stored } = kill;

      const second = await restartInstance(first, instances);
      const restarted = performance.now();
      await waitFor(
        async () => {
          const statuses = await deliveryStatuses(store);
          return (statuses.done ?? 0) === 2 * stored.size;
        },
        { timeoutMs: 90_000, intervalMs: 200, what: "every delivery done after restart" },
      ).catch(() => undefined);
      const recovery: Recovery = {
        by: "after restart",
        time: ["time to deliver all after restart (s)", (performance.now() - restarted) / 1000],
        done: await doneBy(store, kill.leased, second.pid),
        missingEmails: emailed(smtp, stored),
        twice: smtp.duplicates().length,
      };

      recordFigures(task, {
        order: 4,
        scenario: "4 crash, SQLite",
        figures: crashFigures(kill, recovery),
      });

      expectRecovered(kill, recovery);
      expect(await deliveryStatuses(store)).toEqual({ done: 2 * stored.size });
    } finally {
      await store.close();
    }
  });

  it.skipIf(!postgresAvailable())(
    "PostgreSQL: every acknowledged application survives; the survivor completes the dead one's deliveries",
    async ({ task }) => {
      const database = await freshDatabase();
      const smtp = await smtpCounter();
      const env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, ...workerEnv };
      const doomed = await startInstance(env);
      const survivor = await startInstance(env);
      instances.push(doomed, survivor);
      const store = openStore(survivor);
      const emailsBefore = new Set(smtp.byMessageId.keys());
      try {
        const load = startLoad(() => [doomed, survivor], 20);
        await sleep(1000);
        // The load goes on for 2 s after the kill, on the survivor.
        const kill = await killUnderLoad(store, doomed, load, 2000);
        const { killedAt, stored } = kill;
        await waitFor(async () => ((await deliveryStatuses(store)).done ?? 0) === 2 * stored.size, {
          timeoutMs: 60_000,
          intervalMs: 200,
          what: "every delivery done by the survivor",
        }).catch(() => undefined);
        const recovery: Recovery = {
          by: "by the survivor",
          time: ["time from kill to all delivered (s)", (Date.now() - killedAt) / 1000],
          done: await doneBy(store, kill.leased, survivor.pid),
          missingEmails: emailed(smtp, stored),
          twice: smtp.duplicates().filter((id) => !emailsBefore.has(id)).length,
        };

        // Then the dead instance comes back and takes work again.
        const restarted = await startInstance({ ...env, PORT: "" });
        instances.push(restarted);
        const client = createHttpClient({ connections: 5 });
        const after = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            client.postJson(restarted.endpoint, applicationOf(`back${i}`)),
          ),
        );
        client.close();
        const afterIds = after.map((answer) => (JSON.parse(answer.body) as { id: string }).id);
        await waitFor(() => emailed(smtp, afterIds) === 0, {
          timeoutMs: 20_000,
          what: "the restarted instance's emails",
        }).catch(() => undefined);

        recordFigures(task, {
          order: 4.1,
          scenario: "4 crash, PostgreSQL (2 instances)",
          figures: [
            ...crashFigures(kill, recovery),
            {
              name: "restarted instance: accepted and emailed",
              value: `${after.filter((a) => a.status === 200).length}/5`,
              must: "5/5",
            },
          ],
        });

        expectRecovered(kill, recovery);
        expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
        expect(emailed(smtp, afterIds)).toBe(0);
      } finally {
        await store.close();
      }
    },
  );
});
