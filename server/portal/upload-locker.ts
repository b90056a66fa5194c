import { randomUUID } from "node:crypto";
import type { Lock, Locker, RequestRelease } from "@tus/server";
import { portalUploads } from "#app/content/portal-uploads.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { lockAskRelease, lockRelease, lockRenew, lockTake } from "../db/portal/upload-locks.ts";

export interface DatabaseLockerOptions {
  database: Pick<DatabaseHandle, "db" | "write">;
  /** How long a lease lasts unless renewed: a crashed instance's lock is free after it. */
  leaseMs?: number;
  /** How often a holder pushes its lease on (and looks whether someone asked for the lock). */
  renewEveryMs?: number;
  /** How long a request waits for a lock before it is refused with 423 (tus clients retry). */
  acquireTimeoutMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** What a request that could not get the lock in time is answered (tus clients retry a 423). */
export const lockBusy = { status_code: 423, body: `${portalUploads.busy}\n` };

/**
 * tus's Locker over the database (decision 0083), for instances that share DATA_DIR/media: the
 * file store's default lock (MemoryLocker) is per process (tus-node-server #408), so a PATCH on
 * one instance and a PATCH on another could write the same file at once. A lock is a lease row
 * (db/portal/upload-locks.ts) taken by compare-and-set, renewed while held, deleted on unlock;
 * a lease left by a crashed instance runs out after `leaseMs`.
 *
 * A request that finds the lock held asks its holder to let go, as MemoryLocker does: directly
 * when the holder is in this process, through the row's `release_asked_at` when it is on another
 * instance (the holder reads it when it renews). The holder's tus request then ends within tus's
 * lockDrainTimeout (its bytes so far kept), and the waiter takes the lock. A holder that finds
 * its lease lost (taken after it ran out) is asked to let go at once.
 */
export function databaseLocker(options: DatabaseLockerOptions): Locker {
  const leaseMs = options.leaseMs ?? 15_000;
  const renewEveryMs = options.renewEveryMs ?? Math.floor(leaseMs / 3);
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => {});
  const { database } = options;
  /** This process's holders, by upload: asked to let go without a round trip. */
  const held = new Map<string, RequestRelease>();

  return {
    newLock(uploadId: string): Lock {
      const holder = randomUUID();
      let renewal: NodeJS.Timeout | undefined;
      let holding = false;
      let mine: RequestRelease | undefined;

      const renew = (requestRelease: RequestRelease) => {
        renewal = setTimeout(async () => {
          try {
            const lease = await lockRenew(database, { uploadId, holder, now: now(), leaseMs });
            if (!holding) return;
            if (!lease.held || lease.releaseAsked) await requestRelease();
            if (!lease.held) return; // taken after it ran out: nothing more to renew
          } catch (error) {
            onError(error);
          }
          if (holding) renew(requestRelease);
        }, renewEveryMs);
        renewal.unref();
      };

      return {
        async lock(stopSignal, requestRelease) {
          const started = performance.now();
          let askedAt: number | undefined;
          let pauseMs = 20;
          for (;;) {
            if (stopSignal.aborted) throw lockBusy;
            if (await lockTake(database, { uploadId, holder, now: now(), leaseMs })) break;
            const asking = askedAt === undefined || performance.now() - askedAt >= renewEveryMs;
            if (asking) {
              askedAt = performance.now();
              await held.get(uploadId)?.();
              await lockAskRelease(database, uploadId, now());
            }
            const left = acquireTimeoutMs - (performance.now() - started);
            if (left <= 0) throw lockBusy;
            await pause(Math.min(pauseMs, left), stopSignal);
            pauseMs = Math.min(pauseMs * 2, 250);
          }
          holding = true;
          mine = requestRelease;
          held.set(uploadId, requestRelease);
          renew(requestRelease);
        },
        async unlock() {
          if (!holding) return;
          holding = false;
          clearTimeout(renewal);
          if (held.get(uploadId) === mine) held.delete(uploadId);
          await lockRelease(database, uploadId, holder);
        },
      };
    },
  };
}

/** Waits `ms`, or less when `signal` aborts (the request went away). */
function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
