import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachBackend, describeOnPostgres } from "../../test/backends.ts";
import { validApplication } from "../../test/fixtures.ts";
import { serverOn, startTestServer, type TestServer } from "../../test/server.ts";
import { type SmtpSink, smtpSinkForFile, startSmtpSink } from "../../test/smtp-sink.ts";
import { sentOnArrival, untilNonePending } from "../../test/stored.ts";
import { waitFor } from "../../test/wait.ts";
import type { DatabaseHandle } from "../database.ts";
import { planConfirmations } from "./confirmation-budget.ts";

const sink = await smtpSinkForFile();

describe("planConfirmations", () => {
  const candidates = ["a", "b", "a", "c", "d"].map((recipientHash, index) => ({
    index,
    recipientHash,
  }));

  it("grants one per address, skipping recent ones and repeats within the batch", () => {
    const plan = planConfirmations(candidates, {
      recent: new Set(["c"]),
      sentThisHour: 0,
      perHour: 100,
    });
    expect(plan.granted).toEqual(["a", "b", "d"]);
    expect([...plan.skipped]).toEqual([
      [2, "recipient_recent"],
      [3, "recipient_recent"],
    ]);
  });

  it("grants no more than what is left of the hour", () => {
    const plan = planConfirmations(candidates, {
      recent: new Set(),
      sentThisHour: 98,
      perHour: 100,
    });
    expect(plan.granted).toEqual(["a", "b"]);
    expect([...plan.skipped]).toEqual([
      [2, "recipient_recent"],
      [3, "hourly_cap"],
      [4, "hourly_cap"],
    ]);
    expect(
      planConfirmations(candidates, { recent: new Set(), sentThisHour: 0, perHour: 0 }).granted,
    ).toEqual([]);
  });
});

const confirmationsTo = (sink: SmtpSink, address: string) =>
  sink.messages.filter(
    (message) =>
      message.mail.messageId?.includes(".confirmation@") &&
      message.envelope.to.map((to) => to.toLowerCase()).includes(address.toLowerCase()),
  );
const teamNotifications = (sink: SmtpSink) =>
  sink.messages.filter((message) => message.mail.messageId?.includes(".team@"));

/** The deliveries not done, once none is pending any more (each sent or skipped). */
async function statusesOf(database: DatabaseHandle) {
  await untilNonePending(database);
  return sentOnArrival(
    await database.db
      .selectFrom("deliveries")
      .select(["kind", "status", "skipReason"])
      .where("status", "!=", "done")
      .execute(),
  );
}

describeEachBackend("confirmation caps on $name", (backend) => {
  it("mails an address once per 24 hours; the team hears of every application", async () => {
    const { server, database } = await serverOn(backend, { SMTP_URL: sink.url });
    const tag = crypto.randomUUID().slice(0, 8);
    const victim = `victim-${tag}@example.com`;
    const before = teamNotifications(sink).length;
    for (const email of [victim, victim.toUpperCase(), ` ${victim} `, `other-${tag}@example.com`]) {
      const response = await server.submit(validApplication({ email, name: "Refund pending" }));
      expect(response.status).toBe(200);
    }
    await waitFor(() => teamNotifications(sink).length === before + 4, { what: "4 team emails" });
    await waitFor(() => confirmationsTo(sink, `other-${tag}@example.com`).length === 1);
    expect(confirmationsTo(sink, victim)).toHaveLength(1);
    expect(await statusesOf(database)).toEqual([
      { kind: "applicant_confirmation", status: "skipped", skipReason: "recipient_recent" },
      { kind: "applicant_confirmation", status: "skipped", skipReason: "recipient_recent" },
    ]);
    // Counted by an HMAC of the address: the address itself is not in the table.
    const rows = (
      await sql<Record<string, unknown>>`select * from confirmation_recipients`.execute(database.db)
    ).rows;
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/victim|other|example/i);
  });

  it("sends at most CONFIRMATIONS_PER_HOUR site-wide, and skips the rest", async () => {
    const { server, database } = await serverOn(backend, {
      SMTP_URL: sink.url,
      CONFIRMATIONS_PER_HOUR: "3",
    });
    const tag = crypto.randomUUID().slice(0, 8);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        server.submit(validApplication({ email: `hour${i}-${tag}@example.com` })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await untilNonePending(database);
    const sent = Array.from(
      { length: 5 },
      (_, i) => confirmationsTo(sink, `hour${i}-${tag}@example.com`).length,
    );
    expect(sent.reduce((a, b) => a + b)).toBe(3);
    expect(await statusesOf(database)).toEqual([
      { kind: "applicant_confirmation", status: "skipped", skipReason: "hourly_cap" },
      { kind: "applicant_confirmation", status: "skipped", skipReason: "hourly_cap" },
    ]);
  });
});

describeOnPostgres("confirmation caps across two instances (PostgreSQL)", (postgres) => {
  let sink: SmtpSink;
  let instances: TestServer[] = [];
  let cleanup = async () => {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    const setup = await postgres.setup();
    cleanup = setup.cleanup;
    const env = { ...setup.env, SMTP_URL: sink.url, CONFIRMATIONS_PER_HOUR: "10" };
    instances = [await startTestServer(env), await startTestServer(env)];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await sink?.stop();
    await cleanup();
  });

  it("holds both caps when both instances take applications at once", async () => {
    const same = "same-person@example.com";
    const answers = await Promise.all([
      // One address, 12 times, half on each instance: one confirmation in all.
      ...Array.from({ length: 12 }, (_, i) =>
        instances[i % 2]!.submit(validApplication({ email: same, accountHandle: `@same${i}` })),
      ),
      // 20 other addresses: 9 more confirmations at most (10 per hour).
      ...Array.from({ length: 20 }, (_, i) =>
        instances[i % 2]!.submit(validApplication({ email: `many${i}@example.com` })),
      ),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await waitFor(() => teamNotifications(sink).length === 32, {
      timeoutMs: 20_000,
      what: "32 team emails",
    });
    const database = instances[0]!.openDatabase();
    try {
      await untilNonePending(database);
      const confirmations = sink.messages.filter((message) =>
        message.mail.messageId?.includes(".confirmation@"),
      );
      expect(confirmations).toHaveLength(10);
      expect(confirmationsTo(sink, same)).toHaveLength(1);
      const counted = await database.db.selectFrom("confirmationHours").select("count").execute();
      expect(counted.reduce((sum, row) => sum + Number(row.count), 0)).toBe(10);
    } finally {
      await database.close();
    }
  });
});
