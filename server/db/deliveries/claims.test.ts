import { expect, it } from "vitest";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { storeApplications } from "../applications/store.ts";
import { claimDueDeliveries, markAttemptFailed } from "./claims.ts";

describeEachBackend("claiming deliveries ($name)", (backend) => {
  it("takes due ones, leaves another worker's live lease, takes back its own", async () => {
    const { database } = await migratedDatabase(backend);
    await storeApplications(database.db, [pendingApplication()]);
    const claim = (leaseHolder: string) =>
      claimDueDeliveries(database, leaseHolder, { now: Date.now(), leaseMs: 60_000, limit: 10 });

    expect(await claim("worker-a")).toHaveLength(2);
    // Leased for a minute by worker-a: not for worker-b…
    expect(await claim("worker-b")).toHaveLength(0);
    // …but worker-a, which claims only with nothing in hand, takes its left-over leases back
    // (a claim whose answer it never got, the database gone mid-statement).
    const again = await claim("worker-a");
    expect(again).toHaveLength(2);
    expect(again.every((delivery) => delivery.leaseOwner === "worker-a")).toBe(true);
  });

  it("does not retry a delivery skipped while it was being sent (its application marked spam)", async () => {
    const { database } = await migratedDatabase(backend);
    await storeApplications(database.db, [pendingApplication()]);
    const now = Date.now();
    const [delivery] = await claimDueDeliveries(database, "worker-a", {
      now,
      leaseMs: 60_000,
      limit: 1,
    });
    if (!delivery) throw new Error("nothing claimed");
    await database.db
      .updateTable("deliveries")
      .set({ status: "skipped", skipReason: "spam" })
      .where("id", "=", delivery.id)
      .execute();
    for (const retryAt of [now, null]) {
      await markAttemptFailed(database, delivery, "worker-a", {
        error: "421 try again later",
        retryAt,
        alertKinds: ["alert_email"],
      });
    }
    const rows = await database.db
      .selectFrom("deliveries")
      .select(["id", "status"])
      .where("submissionId", "=", delivery.submissionId)
      .execute();
    // Still skipped, and no alert was made of it.
    expect(rows.find((row) => row.id === delivery.id)?.status).toBe("skipped");
    expect(rows).toHaveLength(2);
  });
});
