import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { sharedSecret } from "../db/settings.ts";
import { describeOnPostgres } from "../test/backends.ts";
import { applicationOf } from "../test/fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../test/postgres.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink.ts";
import { waitFor } from "../test/wait.ts";
import { messageId } from "./messages.ts";

describeOnPostgres("two instances sharing PostgreSQL", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let instances: TestServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    // Two instances on one database hold one hashing key (decision 0066).
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      DELIVERY_POLL_MS: "20",
      IP_HASH_SECRET: "instances-share-this-hashing-key",
    };
    // Started together: both run the migrations at once (the advisory lock orders them).
    instances = await Promise.all([startTestServer(env), startTestServer(env)]);
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await sink?.stop();
    await database?.drop();
  });

  it("delivers each email exactly once", async () => {
    const count = 30;
    const ids = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const instance = instances[i % 2] as TestServer;
        const response = await instance.submit(applicationOf(`twin${i}`));
        expect(response.status).toBe(200);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    await waitFor(() => sink.messages.length >= count * 2, {
      timeoutMs: 20_000,
      what: "all emails",
    });
    // Every email recorded as sent, then both instances stopped (each finishes the delivery in
    // hand): a second copy of one, sent by the other instance, would be out by then.
    const handle = openDatabase({ DATABASE_URL: database.url, dataDir: "" });
    await waitFor(
      async () =>
        (
          await handle.db
            .selectFrom("deliveries")
            .select("id")
            .where("kind", "in", ["team_notification", "applicant_confirmation"])
            .where("status", "!=", "done")
            .execute()
        ).length === 0,
      { what: "every email recorded as sent" },
    );
    const running = instances;
    instances = [];
    await Promise.all(running.map((instance) => instance.stop()));
    const byMessageId = new Map<string, number>();
    for (const message of sink.messages) {
      const id = message.mail.messageId ?? "";
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    }
    expect(sink.messages).toHaveLength(count * 2);
    // Our Message-IDs are tagged under the instance's secret (decision 0063).
    const secret = await sharedSecret(handle.db, "reply_tag_secret");
    expect([...byMessageId.values()].every((n) => n === 1)).toBe(true);
    for (const id of ids) {
      expect(byMessageId.get(messageId(id, "team", "no-reply@reelsmith.example", secret))).toBe(1);
      expect(
        byMessageId.get(messageId(id, "confirmation", "no-reply@reelsmith.example", secret)),
      ).toBe(1);
    }
    // Both workers took part (each delivery records the worker that delivered it).
    try {
      const owners = await handle.db
        .selectFrom("deliveries")
        .select("leaseOwner")
        .distinct()
        .where("status", "=", "done")
        .execute();
      expect(owners).toHaveLength(2);
    } finally {
      await handle.close();
    }
  });
});
