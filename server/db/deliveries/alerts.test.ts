import { expect, it } from "vitest";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { storeApplications } from "../applications/store.ts";
import { alertDeliveryId } from "./alerts.ts";
import { claimDueDeliveries, markAttemptFailed } from "./claims.ts";

/** Claim options: everything due by now. */
const claim = () => ({ now: Date.now() + 1000, leaseMs: 60_000, limit: 10 });

it("derives one UUID per failed delivery and kind (version 8, RFC 9562 variant)", () => {
  const failed = "7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01";
  const id = alertDeliveryId(failed, "alert_email");
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(alertDeliveryId(failed, "alert_email")).toBe(id);
  expect(alertDeliveryId(failed, "alert_slack")).not.toBe(id);
});

describeEachBackend("alerts on $name", (backend) => {
  async function oneFailingDelivery() {
    const { database } = await migratedDatabase(backend);
    const item = pendingApplication({ deliveries: ["team_notification"] });
    await storeApplications(database.db, [item]);
    const [delivery] = await claimDueDeliveries(database, "worker-a", claim());
    if (!delivery) throw new Error("nothing claimed");
    const rows = () =>
      database.db
        .selectFrom("deliveries")
        .selectAll()
        .where("submissionId", "=", item.row.id)
        .orderBy("createdAt")
        .orderBy("kind")
        .execute();
    return { database, delivery, rows };
  }
  const failure = {
    error: "Invalid login: 535 Authentication failed",
    retryAt: null,
    errorClass: "smtp_auth",
    alertKinds: ["alert_email", "alert_slack"] as const,
  };

  it("marks the delivery failed and makes its alerts in the same statement", async () => {
    const { database, delivery, rows } = await oneFailingDelivery();
    await markAttemptFailed(database, delivery, "worker-a", failure);
    const [failed, ...alerts] = await rows();
    expect(failed).toMatchObject({
      id: delivery.id,
      kind: "team_notification",
      status: "failed",
      attempts: 1,
      leaseOwner: null,
      leaseExpiresAt: null,
      lastError: failure.error,
      errorClass: "smtp_auth",
      alertFor: null,
    });
    expect(alerts.map((alert) => alert.kind).sort()).toEqual(["alert_email", "alert_slack"]);
    for (const alert of alerts) {
      expect(alert).toMatchObject({
        id: alertDeliveryId(delivery.id, alert.kind as "alert_email"),
        submissionId: delivery.submissionId,
        status: "pending",
        attempts: 0,
        leaseOwner: null,
        lastError: null,
        alertFor: delivery.id,
        alertForKind: "team_notification",
        alertForError: "smtp_auth",
      });
      expect(alert.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it("does nothing without the lease: another instance's outcome stands, no alert", async () => {
    const { database, delivery, rows } = await oneFailingDelivery();
    await markAttemptFailed(database, delivery, "worker-b", failure);
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: "pending", leaseOwner: "worker-a" });
  });

  it("alerts once per delivery: failing for good again after a retry makes no new alert", async () => {
    const { database, delivery, rows } = await oneFailingDelivery();
    await markAttemptFailed(database, delivery, "worker-a", failure);
    // The alerts went out; an operator retries the delivery, and it fails for good again.
    await database.db
      .updateTable("deliveries")
      .set({ status: "done" })
      .where("alertFor", "=", delivery.id)
      .execute();
    await database.db
      .updateTable("deliveries")
      .set({ status: "pending", attempts: 0, nextAttemptAt: Date.now() })
      .where("id", "=", delivery.id)
      .execute();
    const [again] = await claimDueDeliveries(database, "worker-b", claim());
    if (!again) throw new Error("nothing claimed");
    await markAttemptFailed(database, again, "worker-b", { ...failure, errorClass: "timeout" });
    const [failed, ...alerts] = await rows();
    expect(failed).toMatchObject({ status: "failed", errorClass: "timeout", attempts: 1 });
    expect(alerts).toHaveLength(2);
    expect(
      alerts.every((alert) => alert.status === "done" && alert.alertForError === "smtp_auth"),
    ).toBe(true);
  });

  it("an alert that fails for good is only marked failed: alerts never alert", async () => {
    const { database, delivery, rows } = await oneFailingDelivery();
    await markAttemptFailed(database, delivery, "worker-a", failure);
    const claimed = await claimDueDeliveries(database, "worker-a", claim());
    expect(claimed.map((alert) => alert.kind).sort()).toEqual(["alert_email", "alert_slack"]);
    for (const alert of claimed) await markAttemptFailed(database, alert, "worker-a", failure);
    const all = await rows();
    expect(all).toHaveLength(3);
    expect(all.every((row) => row.status === "failed")).toBe(true);
  });
});
