import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { applicationOf } from "../../server/test/fixtures.ts";
import { postgresAvailable, type TestDatabase } from "../../server/test/postgres.ts";
import { scheduledKindNames } from "../../server/test/stored.ts";
import { waitFor } from "../../server/test/wait.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { createHttpClient, runPool } from "./support/http-client.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { type SlackCounter, startSlackCounter } from "./support/slack-counter.ts";
import { type SmtpCounter, startSmtpCounter } from "./support/smtp-counter.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";
import { productMessageIds } from "./support/store.ts";

const total = 20_000;
const concurrency = 100;
/** Every 50th application is sent twice at once, to both instances, with the same key. */
const replayEvery = 50;
const loadDeadlineMs = 120_000;
// 60,000 deliveries (two emails and a Slack post each): 182 s on this 2-core machine alone
// (2026-11-26), and more after the suite's other scenarios; bounded all the same.
const drainDeadlineMs = 360_000;

describe.skipIf(!postgresAvailable())("2. load across two instances on one PostgreSQL", () => {
  const { instances, keep, freshDatabase } = stopAfterAll();
  let database: TestDatabase;
  let smtp: SmtpCounter;
  let slack: SlackCounter;

  beforeAll(async () => {
    database = await freshDatabase();
    smtp = keep(await startSmtpCounter(), (counter) => counter.stop());
    slack = keep(await startSlackCounter(), (counter) => counter.stop());
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SLACK_WEBHOOK_URL: slack.url,
      // Distinct client addresses (X-Forwarded-For): the shared rate limit runs on every request.
      TRUST_PROXY: "1",
      RATE_LIMIT_PER_HOUR: "20",
      // Every applicant has an address of their own, and all of them get their confirmation.
      CONFIRMATIONS_PER_HOUR: "1000000",
    };
    instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
  });

  it("stores every accepted application once, emails and announces it once in Slack", async ({
    task,
  }) => {
    const client = createHttpClient({ connections: concurrency });
    const acked = new Map<number, string>();
    const statuses = new Map<number, number>();
    const mismatchedReplays: number[] = [];
    let retries = 0;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    /** Posts application `i` to `instance`, retrying (same key) after a 503 or a lost answer. */
    async function submit(i: number, instance: Instance): Promise<string | undefined> {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const body = applicationOf(`load${i}`);
      for (let attempt = 0; attempt < 5; attempt++) {
        if (attempt > 0) retries += 1;
        const answer = await client
          .postJson(instance.endpoint, body, {
            "Idempotency-Key": `load-${i}`,
            "X-Forwarded-For": ip,
          })
          .catch(() => undefined);
        if (answer) count(answer.status);
        if (answer?.status === 200) return (JSON.parse(answer.body) as { id: string }).id;
        if (answer && answer.status !== 503) return undefined;
      }
      return undefined;
    }

    const started = performance.now();
    const sent = await runPool(
      total,
      concurrency,
      async (i) => {
        const home = instances[i % 2] as Instance;
        if (i % replayEvery === 0) {
          const other = instances[(i + 1) % 2] as Instance;
          const [first, second] = await Promise.all([submit(i, home), submit(i, other)]);
          if (first && second && first !== second) mismatchedReplays.push(i);
          if (first) acked.set(i, first);
        } else {
          const id = await submit(i, home);
          if (id) acked.set(i, id);
        }
      },
      Date.now() + loadDeadlineMs,
    );
    const loadSeconds = (performance.now() - started) / 1000;
    client.close();

    const handle = openDatabase({ DATABASE_URL: database.url, dataDir: "" });
    try {
      const pendingDeliveries = async () => {
        const row = await handle.db
          .selectFrom("deliveries")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("status", "!=", "done")
          // The promise's reminder and alert wait for the due time, a day away.
          .where("kind", "not in", scheduledKindNames)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const drainStarted = performance.now();
      await waitFor(async () => (await pendingDeliveries()) === 0, {
        timeoutMs: drainDeadlineMs,
        intervalMs: 500,
        what: "the delivery queue to drain",
      }).catch(() => undefined);
      const drainSeconds = (performance.now() - drainStarted) / 1000;
      const rows = await handle.db
        .selectFrom("submissions")
        .select(["id", "accountHandle"])
        .execute();
      const storedIds = new Set(rows.map((row) => row.id));
      const perHandle = new Map<string, number>();
      for (const row of rows)
        perHandle.set(row.accountHandle, (perHandle.get(row.accountHandle) ?? 0) + 1);
      const duplicates = [...perHandle.values()].filter((n) => n > 1).length;
      const ackedIds = new Set(acked.values());
      const missing = [...ackedIds].filter((id) => !storedIds.has(id)).length;
      const teamDelivered = [...smtp.byMessageId.keys()].filter((id) =>
        id.includes(".team@"),
      ).length;
      const ours = await productMessageIds(handle);
      const teamForAcked = [...ackedIds].filter(
        (id) => smtp.byMessageId.get(ours(id, "team")) === 1,
      ).length;
      const slackForAcked = [...ackedIds].filter((id) => slack.byApplication.get(id) === 1).length;
      const pending = await pendingDeliveries();
      const non200 = [...statuses].filter(([status]) => status !== 200);

      recordFigures(task, {
        order: 2,
        scenario: "2 load, 2 instances, PostgreSQL",
        figures: [
          { name: "submissions sent", value: sent, must: `= ${total}` },
          { name: "concurrency", value: concurrency },
          { name: "replays (same key, other instance)", value: Math.ceil(sent / replayEvery) },
          { name: "accepted (200)", value: ackedIds.size, must: "= sent" },
          {
            name: "answers other than 200",
            value: formatCounts(non200) || 0,
          },
          { name: "client retries", value: retries },
          { name: "load time (s)", value: Math.round(loadSeconds * 10) / 10 },
          { name: "accepted/s", value: Math.round(ackedIds.size / loadSeconds) },
          { name: "stored", value: storedIds.size, must: "= accepted" },
          { name: "accepted ids missing", value: missing, must: "= 0" },
          { name: "duplicates", value: duplicates, must: "= 0" },
          { name: "replays answered another id", value: mismatchedReplays.length, must: "= 0" },
          { name: "team emails delivered", value: teamDelivered, must: "= stored" },
          { name: "team emails exactly once", value: teamForAcked, must: "= accepted" },
          { name: "emails accepted by SMTP", value: smtp.accepted(), must: "= 2 × stored" },
          { name: "emails received twice", value: smtp.duplicates().length, must: "= 0" },
          { name: "Slack announcements", value: slack.byApplication.size, must: "= stored" },
          { name: "Slack: announced exactly once", value: slackForAcked, must: "= accepted" },
          { name: "Slack: announced twice", value: slack.duplicates().length, must: "= 0" },
          { name: "Slack: other messages (alerts)", value: slack.others(), must: "= 0" },
          { name: "time to drain the queue (s)", value: Math.round(drainSeconds * 10) / 10 },
          { name: "deliveries not done", value: pending, must: "= 0" },
        ],
      });

      expect(sent).toBe(total);
      expect(ackedIds.size).toBe(total);
      expect(storedIds.size).toBe(ackedIds.size);
      expect(missing).toBe(0);
      expect(duplicates).toBe(0);
      expect(mismatchedReplays).toEqual([]);
      expect(pending).toBe(0);
      expect(teamDelivered).toBe(storedIds.size);
      expect(teamForAcked).toBe(ackedIds.size);
      expect(smtp.accepted()).toBe(2 * storedIds.size);
      expect(smtp.duplicates()).toEqual([]);
      expect(slack.byApplication.size).toBe(storedIds.size);
      expect(slackForAcked).toBe(ackedIds.size);
      expect(slack.duplicates()).toEqual([]);
      expect(slack.others()).toBe(0);
      expect(instances.every((instance) => instance.alive())).toBe(true);
    } finally {
      await handle.close();
    }
  }, 540_000);
});
