import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { fields } from "#app/shared/fields.ts";
import { hasBuild } from "#server/http/build-files.ts";
import { createIpHasher } from "../../server/hashing/client-hashes.ts";
import { storageBackends } from "../../server/test/backends.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import { waitFor } from "../../server/test/wait.ts";
import { startWebhookReceiver } from "../../server/test/webhook-receiver.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { createHttpClient } from "./support/http-client.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { type SmtpCounter, startSmtpCounter } from "./support/smtp-counter.ts";
import { deliveryStatuses, openStore } from "./support/store.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** The build whose pages (the no-JavaScript form) are included: `npm test` makes ./build. */
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const clientIp = "203.0.113.77";

/** Free text with a marker in every answer, to look for in the logs. */
function markedApplication(tag: string) {
  // Every typed answer (from the descriptors: a field added later is covered).
  const typed = fields.flatMap((field) =>
    "maxLength" in field ? [[field.name, `${field.example} mrk${field.name}${tag}`]] : [],
  );
  return validApplication({
    ...Object.fromEntries(typed),
    email: `mrkemail${tag}@example.com`,
  });
}

for (const [index, backend] of storageBackends().entries()) {
  describe.skipIf(backend.skip)(`privacy (${backend.name})`, () => {
    let instance: Instance | undefined;
    let smtp: SmtpCounter | undefined;
    let webhook: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
    let cleanup = async () => {};
    afterAll(async () => {
      await instance?.stop();
      await smtp?.stop();
      await webhook?.stop();
      await cleanup();
    });

    it("stores no raw IP and logs no answer, on success, refusal and failed deliveries", async ({
      task,
    }) => {
      const setup = await backend.setup();
      cleanup = setup.cleanup;
      // Every delivery fails: the mail server refuses the recipients, the webhook answers 500.
      smtp = await startSmtpCounter({ rejectRecipients: true });
      webhook = await startWebhookReceiver([500]);
      const withPages = hasBuild(buildDir);
      if (!withPages) {
        const message = `no build in ${buildDir}: the no-JavaScript form is left out`;
        if (process.env.CI) throw new Error(message);
        console.warn(`\n*** privacy: ${message} (run npm run build) ***\n`);
      }
      instance = await startInstance({
        ...setup.env,
        ...(withPages ? { BUILD_DIR: buildDir } : {}),
        LOG_LEVEL: "trace",
        TRUST_PROXY: "1",
        RATE_LIMIT_PER_HOUR: "20",
        SMTP_URL: smtp.url,
        WEBHOOK_URL: webhook.url,
        WEBHOOK_SECRET: webhook.secret,
        DELIVERY_RETRY_DELAYS: "0.2",
      });
      const server = instance;
      const client = createHttpClient({ connections: 4 });
      const json = { "Content-Type": "application/json", "X-Forwarded-For": clientIp };
      const post = (body: string | Buffer, headers: Record<string, string> = json) =>
        client.request(server.endpoint, { method: "POST", headers, body });
      const tags: string[] = [];
      const tag = () => {
        tags.push(`q${tags.length}x`);
        return tags.at(-1) as string;
      };

      const answers: Record<string, number> = {};
      const note = (what: string, status: number) => {
        answers[`${what} ${status}`] = (answers[`${what} ${status}`] ?? 0) + 1;
      };
      // Accepted (JSON endpoint), and accepted from a peer with no proxy header.
      note("accepted", (await post(JSON.stringify(markedApplication(tag())))).status);
      note(
        "accepted",
        (
          await post(JSON.stringify(markedApplication(tag())), {
            "Content-Type": "application/json",
          })
        ).status,
      );
      // Refused in every way the endpoint refuses, each with the answers inside.
      const refusals: [string, string | Buffer, Record<string, string>?][] = [
        ["invalid", JSON.stringify({ ...markedApplication(tag()), goals: `short${tags.at(-1)}` })],
        [
          "invalid",
          JSON.stringify({ ...markedApplication(tag()), name: [`mrkname${tags.at(-1)}`] }),
        ],
        [
          "invalid",
          JSON.stringify({ ...markedApplication(tag()), accountType: `mrk${tags.at(-1)}` }),
        ],
        [
          "invalid",
          JSON.stringify({ ...markedApplication(tag()), name: `Maya\u0000mrkname${tags.at(-1)}` }),
        ],
        ["malformed", JSON.stringify(markedApplication(tag())).slice(0, -10)],
        [
          "not UTF-8",
          Buffer.concat([
            Buffer.from(JSON.stringify(markedApplication(tag())).slice(0, -2)),
            Buffer.from([0xff, 0x22, 0x7d]),
          ]),
        ],
        [
          "too large",
          JSON.stringify({
            ...markedApplication(tag()),
            goals: `mrkgoals${tags.at(-1)} `.repeat(4000),
          }),
        ],
        ["wrong type", JSON.stringify(markedApplication(tag())), { "Content-Type": "text/plain" }],
        [
          "bad key",
          JSON.stringify(markedApplication(tag())),
          { ...json, "Idempotency-Key": `mrkkey ${tags.at(-1)}` },
        ],
      ];
      for (const [what, body, headers] of refusals) note(what, (await post(body, headers)).status);
      // The questionnaire posted without JavaScript: accepted, and refused.
      if (withPages) {
        const form = (application: Record<string, string>) =>
          client.request(`${server.url}/onboarding`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "X-Forwarded-For": clientIp,
            },
            body: new URLSearchParams(application).toString(),
          });
        note("form accepted", (await form(markedApplication(tag()))).status);
        note("form invalid", (await form({ ...markedApplication(tag()), goals: "short" })).status);
      }
      client.close();

      // Every delivery fails for good (two attempts): their errors are logged.
      const store = openStore(server);
      let tables: Record<string, unknown>[][] = [];
      let failedDeliveries = 0;
      try {
        await waitFor(
          async () => {
            const statuses = await deliveryStatuses(store);
            return (statuses.failed ?? 0) > 0 && !statuses.pending;
          },
          { timeoutMs: 20_000, what: "every delivery to fail for good" },
        );
        failedDeliveries = (await deliveryStatuses(store)).failed ?? 0;
        const names = (await store.db.introspection.getTables()).map((table) => table.name);
        tables = await Promise.all(
          names.map(
            async (name) =>
              (
                await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
                  store.db,
                )
              ).rows,
          ),
        );
      } finally {
        await store.close();
      }
      await server.stop(); // every log line written

      const logs = server.output.join("\n").toLowerCase();
      const leakedMarkers = tags.filter((t) => logs.includes(t.toLowerCase()));
      const values = tables
        .flat()
        .flatMap((row) => Object.values(row).map((value) => String(value)));
      const storedIps = values.filter(
        (value) => value.includes(clientIp) || value.includes("127.0.0.1"),
      );
      // The key of the ip_hash is not among them: no stored value, tried as the key, gives the
      // client's ip_hash (decision 0066: the key lives outside the database and its backups).
      const storedValues = new Set(values);
      const ipHashKeys = values.filter((value) =>
        storedValues.has(createIpHasher(value)(clientIp)),
      );

      recordFigures(task, {
        order: 6 + index / 10,
        scenario: `privacy, ${backend.name}`,
        figures: [
          { name: "requests with answers in them", value: tags.length },
          {
            name: "  answered",
            value: formatCounts(Object.entries(answers), ", "),
          },
          { name: "no-JavaScript form included", value: withPages ? "yes" : "no (no build)" },
          { name: "deliveries failed for good (logged)", value: failedDeliveries },
          { name: "log lines (LOG_LEVEL=trace)", value: server.output.length },
          { name: "answers found in the logs", value: leakedMarkers.length, must: "= 0" },
          {
            name: "log lines with the client IP",
            value: logs.includes(clientIp) ? "yes" : 0,
            must: "= 0",
          },
          { name: "stored values read (every table, column)", value: values.length },
          { name: "stored values with a raw IP", value: storedIps.length, must: "= 0" },
          {
            name: "stored values that are the ip_hash's key",
            value: ipHashKeys.length,
            must: "= 0",
          },
        ],
      });

      expect(answers["accepted 200"]).toBe(2);
      expect(
        Object.keys(answers)
          .filter((k) => !k.startsWith("accepted") && !k.startsWith("form"))
          .every((k) => /\s4\d\d$/.test(k)),
      ).toBe(true);
      expect(failedDeliveries).toBeGreaterThan(0);
      expect(leakedMarkers, `answers found in the logs: ${leakedMarkers.join(", ")}`).toEqual([]);
      expect(logs).not.toContain(clientIp);
      expect(values.length).toBeGreaterThan(0);
      expect(storedIps).toEqual([]);
      expect(values.some((value) => /^[0-9a-f]{64}$/.test(value))).toBe(true); // ip_hash stored
      expect(ipHashKeys).toEqual([]);
    }, 90_000);
  });
}
