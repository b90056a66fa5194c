import { createHmac } from "node:crypto";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { hasBuild } from "#server/http/build-files.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import { nginxAvailable, proxyAddress, startNginx } from "../nginx.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { createHttpClient, runPool } from "./support/http-client.ts";
import { startInstance } from "./support/instance.ts";
import { openStore } from "./support/store.ts";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const ipHashSecret = "reliability-proxy-ip-hash-secret";
const hmac = (ip: string) => createHmac("sha256", ipHashSecret).update(ip).digest("hex");
const spoofed = "203.0.113.66";
const jsonCount = 300;
const formCount = 30;
const directCount = 30;
/** Every 10th JSON application is sent a second time at once, with the same key and answers. */
const replayEvery = 10;

describe.skipIf(!nginxAvailable())("9. the proxy path (nginx, deploy/nginx.conf)", () => {
  it("through TLS and nginx: each application stored once, with the client's address", async ({
    task,
  }) => {
    const withPages = hasBuild(buildDir);
    if (!withPages) {
      const message = `no build in ${buildDir}: the no-JavaScript form is left out`;
      if (process.env.CI) throw new Error(message);
      console.warn(`\n*** proxy path: ${message} (run npm run build) ***\n`);
    }
    const server = await startInstance({
      ...(withPages ? { BUILD_DIR: buildDir } : {}),
      TRUST_PROXY: proxyAddress,
      IP_HASH_SECRET: ipHashSecret,
      RATE_LIMIT_PER_HOUR: "100000",
    });
    onTestFinished(() => server.stop());
    const nginx = await startNginx(Number(new URL(server.url).port));
    onTestFinished(() => nginx.stop());
    const site = nginx.url;
    const client = createHttpClient({ connections: 20 });
    const answers = new Map<string, number>();
    const note = (what: string, status: number) =>
      answers.set(`${what} ${status}`, (answers.get(`${what} ${status}`) ?? 0) + 1);
    const ids = new Map<string, string>();
    let replaysDiffering = 0;

    // The JSON endpoint, as the questionnaire calls it with JavaScript, through nginx; the
    // client's own X-Forwarded-For is a lie nginx must replace.
    await runPool(jsonCount, 20, async (i) => {
      const email = `proxy${i}@example.com`;
      const send = () =>
        client.postJson(`${site}/functions/v1/send-onboarding-email`, validApplication({ email }), {
          "Idempotency-Key": `proxy-${i}`,
          "X-Forwarded-For": spoofed,
          Origin: site,
        });
      const sent = await Promise.all(i % replayEvery === 0 ? [send(), send()] : [send()]);
      for (const answer of sent) note("json", answer.status);
      const answerIds = sent
        .filter((answer) => answer.status === 200)
        .map((answer) => (JSON.parse(answer.body) as { id: string }).id);
      if (new Set(answerIds).size > 1) replaysDiffering += 1;
      if (answerIds[0]) ids.set(email, answerIds[0]);
    });
    // The form without JavaScript: posted from the public https origin, through nginx.
    if (withPages) {
      await runPool(formCount, 10, async (i) => {
        const email = `proxy-form${i}@example.com`;
        const answer = await client.request(`${site}/onboarding`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: site,
            "X-Forwarded-For": spoofed,
          },
          body: new URLSearchParams(
            validApplication({ email }) as Record<string, string>,
          ).toString(),
        });
        note("form", answer.status);
        if (answer.status === 302) ids.set(email, "form");
      });
    }
    // Straight to the app's port, not through nginx, claiming to be someone else: not believed.
    await runPool(directCount, 10, async (i) => {
      const email = `proxy-direct${i}@example.com`;
      const answer = await client.postJson(server.endpoint, validApplication({ email }), {
        "X-Forwarded-For": spoofed,
        "X-Forwarded-Proto": "https",
      });
      note("direct", answer.status);
      if (answer.status === 200) ids.set(email, (JSON.parse(answer.body) as { id: string }).id);
    });
    client.close();

    const store = openStore(server);
    let rows: { email: string; ipHash: string }[];
    try {
      rows = await store.db.selectFrom("submissions").select(["email", "ipHash"]).execute();
    } finally {
      await store.close();
    }
    const perEmail = new Map<string, number>();
    for (const row of rows) perEmail.set(row.email, (perEmail.get(row.email) ?? 0) + 1);
    const storedTwice = [...perEmail.values()].filter((n) => n > 1).length;
    const acceptedMissing = [...ids.keys()].filter((email) => !perEmail.has(email)).length;
    const whose = (hash: string) =>
      hash === hmac("127.0.0.1")
        ? "client"
        : hash === hmac(proxyAddress)
          ? "proxy"
          : hash === hmac(spoofed)
            ? "spoofed"
            : "other";
    const byWhose = new Map<string, number>();
    for (const row of rows)
      byWhose.set(whose(row.ipHash), (byWhose.get(whose(row.ipHash)) ?? 0) + 1);
    const expectedAccepted = jsonCount + (withPages ? formCount : 0) + directCount;

    recordFigures(task, {
      order: 9,
      scenario: "9 proxy path (nginx, TLS)",
      figures: [
        { name: "no-JavaScript form included", value: withPages ? "yes" : "no (no build)" },
        {
          name: "answers",
          value: formatCounts([...answers].sort(), ", "),
        },
        { name: "applications accepted", value: ids.size, must: `= ${expectedAccepted}` },
        { name: "replays (same key) answered another id", value: replaysDiffering, must: "= 0" },
        { name: "stored", value: rows.length, must: "= accepted" },
        { name: "stored twice", value: storedTwice, must: "= 0" },
        { name: "accepted but not stored", value: acceptedMissing, must: "= 0" },
        {
          name: "stored with the client's address (127.0.0.1)",
          value: byWhose.get("client") ?? 0,
          must: "= stored",
        },
        {
          name: `with the proxy's (${proxyAddress})`,
          value: byWhose.get("proxy") ?? 0,
          must: "= 0",
        },
        {
          name: `with the spoofed X-Forwarded-For (${spoofed})`,
          value: byWhose.get("spoofed") ?? 0,
          must: "= 0",
        },
      ],
    });

    expect(ids.size).toBe(expectedAccepted);
    expect(replaysDiffering).toBe(0);
    expect(rows).toHaveLength(expectedAccepted);
    expect(storedTwice).toBe(0);
    expect(acceptedMissing).toBe(0);
    expect(byWhose.get("client")).toBe(rows.length);
  }, 120_000);
});
