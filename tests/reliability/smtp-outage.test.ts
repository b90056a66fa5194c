import { describe, expect, it, onTestFinished } from "vitest";
import { applicationOf } from "../../server/test/fixtures.ts";
import { sleep, waitFor } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { createHttpClient, runPool } from "./support/http-client.ts";
import { startInstance } from "./support/instance.ts";
import { startSmtpCounter } from "./support/smtp-counter.ts";
import { deliveryStatuses, openStore, productMessageIds, storedIds } from "./support/store.ts";

const before = 100;
const during = 300;
const outageMs = 60_000;

describe("3. SMTP outage", () => {
  it("takes every application while the mail server is down and emails each once after", async ({
    task,
  }) => {
    const smtp = await startSmtpCounter();
    onTestFinished(() => smtp.stop());
    const server = await startInstance({
      SMTP_URL: smtp.url,
      // Backoff shortened: 96 s of retries in all (77 s at the shortest jitter), enough to
      // outlast the minute of outage, and at most 6 s between attempts once it is back.
      DELIVERY_RETRY_DELAYS: "1,2,3,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5",
      // Each applicant has an address of their own, and all of them get their confirmation.
      CONFIRMATIONS_PER_HOUR: "1000000",
    });
    onTestFinished(() => server.stop());
    const client = createHttpClient({ connections: 20 });
    const ids: string[] = [];
    let refused = 0;
    const submit = async (i: number) => {
      const answer = await client
        .postJson(server.endpoint, applicationOf(`smtp${i}`))
        .catch(() => undefined);
      if (answer?.status === 200) ids.push((JSON.parse(answer.body) as { id: string }).id);
      else refused += 1;
    };

    await runPool(before, 20, (i) => submit(i));
    await sleep(300); // some of them go out before the outage
    await smtp.stop();
    const outageStarted = Date.now();
    const deliveredBefore = smtp.accepted();
    // Applications keep arriving while the mail server is away, spread over the outage.
    await runPool(during, 10, async (i) => {
      await submit(before + i);
      await sleep(outageMs / (during / 10) / 2);
    });
    const database = openStore(server);
    try {
      await sleep(Math.max(0, outageMs - (Date.now() - outageStarted)));
      const failedAttempts = Number(
        (
          await database.db
            .selectFrom("deliveries")
            .select((eb) => eb.fn.sum<string>("attempts").as("n"))
            .where("lastError", "is not", null)
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
      await smtp.start();
      const outageSeconds = (Date.now() - outageStarted) / 1000;
      const recovered = performance.now();
      const stored = await storedIds(database);
      await waitFor(async () => smtp.accepted() >= 2 * stored.size, {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: "every email after the outage",
      }).catch(() => undefined);
      const recoverySeconds = (performance.now() - recovered) / 1000;
      await sleep(1500); // a second copy would arrive in this time
      const statuses = await deliveryStatuses(database);
      const ours = await productMessageIds(database);
      const teamOnce = ids.filter((id) => smtp.byMessageId.get(ours(id, "team")) === 1).length;
      const confirmationOnce = ids.filter(
        (id) => smtp.byMessageId.get(ours(id, "confirmation")) === 1,
      ).length;
      client.close();

      recordFigures(task, {
        order: 3,
        scenario: "3 SMTP outage",
        figures: [
          { name: "submissions (before + during outage)", value: `${before} + ${during}` },
          { name: "submissions refused", value: refused, must: "= 0" },
          { name: "outage (s)", value: Math.round(outageSeconds * 10) / 10 },
          { name: "emails delivered before the outage", value: deliveredBefore },
          { name: "failed send attempts during the outage", value: failedAttempts },
          { name: "emails delivered after recovery", value: smtp.accepted() - deliveredBefore },
          { name: "emails delivered in all", value: smtp.accepted(), must: "= 2 × stored" },
          { name: "team emails exactly once", value: teamOnce, must: "= accepted" },
          { name: "confirmations exactly once", value: confirmationOnce, must: "= accepted" },
          { name: "emails received twice", value: smtp.duplicates().length, must: "= 0" },
          {
            name: "time to deliver all after recovery (s)",
            value: Math.round(recoverySeconds * 10) / 10,
          },
          {
            name: "deliveries not done",
            value: (statuses.pending ?? 0) + (statuses.failed ?? 0),
            must: "= 0",
          },
        ],
      });

      expect(refused).toBe(0);
      expect(ids).toHaveLength(before + during);
      expect(stored.size).toBe(ids.length);
      expect(failedAttempts).toBeGreaterThan(0); // the outage was real
      expect(smtp.accepted()).toBe(2 * stored.size);
      expect(teamOnce).toBe(ids.length);
      expect(confirmationOnce).toBe(ids.length);
      expect(smtp.duplicates()).toEqual([]);
      expect(statuses).toEqual({ done: 2 * stored.size });
    } finally {
      await database.close();
    }
  }, 240_000);
});
