import { expect, it, onTestFinished } from "vitest";
import { openDatabase } from "../db/database.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { databaseLocker, lockBusy } from "./upload-locker.ts";

/** A request's lifetime as tus gives it to a lock: a stop signal and a "let go" callback. */
function request() {
  const stop = new AbortController();
  let asked!: () => void;
  const askedToRelease = new Promise<void>((resolve) => {
    asked = resolve;
  });
  return { signal: stop.signal, release: async () => asked(), askedToRelease, stop };
}

describeEachBackend("tus locks across instances (upload-locker) on $name", (backend) => {
  /** Two instances: two connections to one database. */
  async function twoInstances() {
    const { database, env, dataDir } = await migratedDatabase(backend);
    const other = openDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
    onTestFinished(() => other.close());
    return { a: database, b: other };
  }

  it("lets one holder at a time: the second waits, asks the first to let go, and gets it after unlock", async () => {
    const { a, b } = await twoInstances();
    const first = databaseLocker({ database: a, renewEveryMs: 10 }).newLock("up-1");
    const second = databaseLocker({ database: b, renewEveryMs: 10 }).newLock("up-1");
    const one = request();
    await first.lock(one.signal, one.release);
    const two = request();
    let secondHolds = false;
    const waiting = second.lock(two.signal, two.release).then(() => {
      secondHolds = true;
    });
    // The holder, on another instance, hears that someone waits (through its renewal).
    await one.askedToRelease;
    expect(secondHolds).toBe(false);
    await first.unlock();
    await waiting;
    expect(secondHolds).toBe(true);
    await second.unlock();
    // Free again: anyone takes it at once.
    const three = request();
    await first.lock(three.signal, three.release);
    await first.unlock();
  });

  it("refuses with 423 a request that waited its whole timeout, or whose request went away", async () => {
    const { a, b } = await twoInstances();
    const holding = databaseLocker({ database: a, renewEveryMs: 10 }).newLock("up-2");
    const one = request();
    await holding.lock(one.signal, one.release);
    const waiter = databaseLocker({ database: b, acquireTimeoutMs: 50 });
    const two = request();
    await expect(waiter.newLock("up-2").lock(two.signal, two.release)).rejects.toEqual(lockBusy);
    const three = request();
    const refused = expect(
      databaseLocker({ database: b, acquireTimeoutMs: 60_000 })
        .newLock("up-2")
        .lock(three.signal, three.release),
    ).rejects.toEqual(lockBusy);
    three.stop.abort();
    await refused;
    // Another upload's lock is another row.
    const four = request();
    const other = waiter.newLock("up-3");
    await other.lock(four.signal, four.release);
    await other.unlock();
    await holding.unlock();
  });

  it("frees the lock of a holder that stopped renewing once its lease ran out, and tells that holder", async () => {
    const { a, b } = await twoInstances();
    let later = 0;
    // The holder's clock stands still: its renewals never push the lease past 1 s.
    const frozen = databaseLocker({ database: a, leaseMs: 1000, renewEveryMs: 10, now: () => 0 });
    const taker = databaseLocker({ database: b, leaseMs: 1000, now: () => later });
    const one = request();
    const stale = frozen.newLock("up-4");
    await stale.lock(one.signal, one.release);
    later = 999; // not yet run out
    const two = request();
    await expect(
      databaseLocker({ database: b, leaseMs: 1000, acquireTimeoutMs: 30, now: () => later })
        .newLock("up-4")
        .lock(two.signal, two.release),
    ).rejects.toEqual(lockBusy);
    later = 1000; // its lease has run out
    const three = request();
    const fresh = taker.newLock("up-4");
    await fresh.lock(three.signal, three.release);
    // The old holder learns at its next renewal that the lock is gone, and is asked to stop.
    await one.askedToRelease;
    // Its unlock does not free the new holder's lock.
    await stale.unlock();
    const four = request();
    await expect(
      databaseLocker({ database: a, leaseMs: 1000, acquireTimeoutMs: 30, now: () => later })
        .newLock("up-4")
        .lock(four.signal, four.release),
    ).rejects.toEqual(lockBusy);
    await fresh.unlock();
  });

  it("asks a holder in the same process directly", async () => {
    const { a } = await twoInstances();
    // Renewals far apart: only the direct call can reach the holder within the test.
    const locker = databaseLocker({ database: a, renewEveryMs: 60_000 });
    const one = request();
    const first = locker.newLock("up-5");
    await first.lock(one.signal, one.release);
    const two = request();
    const second = locker.newLock("up-5");
    const waiting = second.lock(two.signal, two.release);
    await one.askedToRelease;
    await first.unlock();
    await waiting;
    await second.unlock();
  });
});
