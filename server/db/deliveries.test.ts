import { describe, expect, it } from "vitest";
import { migratedDatabase, storageBackends } from "../test/backends.ts";
import { pendingSubmission } from "../test/stored.ts";
import { claimDueDeliveries } from "./deliveries.ts";
import { storeSubmissions } from "./submissions.ts";

for (const backend of storageBackends()) {
  describe.skipIf(backend.skip)(`claiming deliveries (${backend.name})`, () => {
    it("takes due ones, leaves another worker's live lease, takes back its own", async () => {
      const { database } = await migratedDatabase(backend);
      await storeSubmissions(database.db, [pendingSubmission()]);
      const claim = (owner: string) =>
        claimDueDeliveries(database, owner, { now: Date.now(), leaseMs: 60_000, limit: 10 });

      expect(await claim("worker-a")).toHaveLength(2);
      // Leased for a minute by worker-a: not for worker-b…
      expect(await claim("worker-b")).toHaveLength(0);
      // …but worker-a, which claims only with nothing in hand, takes its left-over leases back
      // (a claim whose answer it never got, the database gone mid-statement).
      const again = await claim("worker-a");
      expect(again).toHaveLength(2);
      expect(again.every((delivery) => delivery.leaseOwner === "worker-a")).toBe(true);
    });
  });
}
