import { describe, expect, it, onTestFinished } from "vitest";
import { describeOnPostgres } from "../test/backends.ts";
import { validApplication } from "../test/fixtures.ts";
import { createTestDatabase } from "../test/postgres.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { smtpSinkForFile } from "../test/smtp-sink.ts";
import { freePort, waitFor } from "../test/wait.ts";

const sink = await smtpSinkForFile();

const token = "metrics-token-for-tests-0123456789";
const bearer = { Authorization: `Bearer ${token}` };

async function server(env: Record<string, string>): Promise<TestServer> {
  const started = await startTestServer(env);
  onTestFinished(() => started.stop());
  return started;
}

const scrape = async (target: TestServer) => {
  const response = await fetch(`${target.url}/metrics`, { headers: bearer });
  expect(response.status).toBe(200);
  return response.text();
};

/** The value of one sample of the exposition (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("is a 404 unless METRICS_TOKEN is set", async () => {
    const plain = await server({ SMTP_URL: sink.url });
    const response = await fetch(`${plain.url}/metrics`, { headers: bearer });
    expect(response.status).toBe(404);
  });

  it("answers 401 without the bearer token, whatever else is tried", async () => {
    const target = await server({ SMTP_URL: sink.url, METRICS_TOKEN: token });
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${token}x` },
      { Authorization: `Bearer ${token.slice(0, -1)}` },
      { Authorization: `Basic ${Buffer.from(`x:${token}`).toString("base64")}` },
      { Authorization: "Bearer " },
      { Authorization: token },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${target.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("reelsmith_");
    }
    const inQuery = await fetch(`${target.url}/metrics?token=${token}`);
    expect(inQuery.status).toBe(401);
    const ok = await fetch(`${target.url}/metrics`, { headers: bearer });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });

  it("counts applications, deliveries and requests; routes are a fixed set", async () => {
    const target = await server({ SMTP_URL: sink.url, METRICS_TOKEN: token });
    expect((await target.submit(validApplication())).status).toBe(200);
    expect((await target.submit(validApplication({ goals: "short" }))).status).toBe(400);
    const notJson = await fetch(target.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    const wrongType = await fetch(target.endpoint, { method: "POST", body: "x" });
    expect(wrongType.status).toBe(415);
    const probe = `/wp-admin/${Math.random().toString(36).slice(2)}`;
    await fetch(`${target.url}${probe}`);
    await fetch(`${target.url}/healthz`);

    // Both emails of the application settled (none pending, an attempt counted), whatever
    // their outcome: the assertions below say which.
    const text = await waitFor(async () => {
      const body = await scrape(target);
      const settled = ["team_notification", "applicant_confirmation"].every(
        (kind) =>
          sample(body, `reelsmith_deliveries_pending{kind="${kind}"}`) === 0 &&
          body.includes(`reelsmith_deliveries_attempted_total{kind="${kind}",`),
      );
      return settled && body;
    });
    expect(sample(text, "reelsmith_applications_accepted_total")).toBe(1);
    for (const reason of ["validation_failed", "invalid_json", "unsupported_media_type"]) {
      expect(sample(text, `reelsmith_applications_refused_total{reason="${reason}"}`)).toBe(1);
    }
    for (const kind of ["team_notification", "applicant_confirmation"]) {
      expect(
        sample(text, `reelsmith_deliveries_attempted_total{kind="${kind}",outcome="delivered"}`),
      ).toBe(1);
      expect(sample(text, `reelsmith_deliveries_failed{kind="${kind}"}`)).toBe(0);
    }
    expect(sample(text, "reelsmith_deliveries_oldest_pending_age_seconds")).toBe(0);
    expect(sample(text, "reelsmith_database_up")).toBe(1);
    const api = 'route="/functions/v1/send-onboarding-email",method="POST"';
    expect(sample(text, `reelsmith_http_requests_total{${api},status="200"}`)).toBe(1);
    expect(sample(text, `reelsmith_http_requests_total{${api},status="400"}`)).toBe(2);
    expect(sample(text, `reelsmith_http_request_duration_seconds_count{${api}}`)).toBe(4);
    expect(
      sample(text, 'reelsmith_http_requests_total{route="/healthz",method="GET",status="200"}'),
    ).toBe(1);
    expect(text).toMatch(
      /reelsmith_http_requests_total\{route="other",method="GET",status="\d{3}"\} 1/,
    );
    expect(text).not.toContain(probe);
    // Process figures, from prom-client's default collectors.
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});

describe("/healthz", () => {
  it("stays 200 for load balancers, and tells the delivery backlog", async () => {
    const closed = await freePort(); // SMTP refuses: the emails stay pending, then fail
    const target = await server({
      SMTP_URL: `smtp://127.0.0.1:${closed}`,
      DELIVERY_RETRY_DELAYS: "0.3",
    });
    await target.submit(validApplication());
    const health = async () => {
      const response = await fetch(`${target.url}/healthz`);
      expect(response.status).toBe(200);
      return (await response.json()) as {
        status: string;
        deliveries: { pending: number; oldestPendingSeconds: number; failed: number };
      };
    };
    const first = await health();
    expect(first.status).toBe("ok");
    expect(first.deliveries.pending + first.deliveries.failed).toBeGreaterThanOrEqual(2);
    // Both emails fail for good, and so do their alert emails (SMTP is down): 4 failed.
    const last = await waitFor(async () => {
      const now = await health();
      return now.deliveries.failed === 4 && now;
    });
    expect(last.deliveries).toEqual({ pending: 0, oldestPendingSeconds: 0, failed: 4 });
  });
});

describeOnPostgres("two instances on one PostgreSQL", () => {
  it("each counts its own requests; both read the same backlog from the database", async () => {
    const database = await createTestDatabase();
    onTestFinished(database.drop);
    const closed = await freePort();
    const env = {
      DATABASE_URL: database.url,
      METRICS_TOKEN: token,
      SMTP_URL: `smtp://127.0.0.1:${closed}`,
      DELIVERY_RETRY_DELAYS: "600",
    };
    const [a, b] = [await server(env), await server(env)];
    // Three applicants (each address gets one confirmation a day: see confirmation-budget.ts).
    for (let i = 0; i < 3; i++) {
      const application = validApplication({ email: `metrics${i}@example.com` });
      expect((await a.submit(application)).status).toBe(200);
    }
    // Their emails were made an hour ago: the backlog's age is read from the database.
    const anHourAgo = Date.now() - 3600_000;
    const handle = a.openDatabase();
    onTestFinished(() => handle.close());
    await handle.db.updateTable("deliveries").set({ createdAt: anHourAgo }).execute();
    const age = (text: string) => sample(text, "reelsmith_deliveries_oldest_pending_age_seconds");

    // Every email was tried once (and waits 600 s for its retry), by whichever instance
    // claimed it: each instance counts its own attempts, 6 in all.
    const attempts = (text: string) =>
      ["team_notification", "applicant_confirmation"]
        .map((kind) =>
          sample(text, `reelsmith_deliveries_attempted_total{kind="${kind}",outcome="retry"}`),
        )
        .reduce<number>((sum, n) => sum + (n ?? 0), 0);
    const [fromA, fromB] = await waitFor(async () => {
      const both = [await scrape(a), await scrape(b)];
      const tried = attempts(both[0] ?? "") + attempts(both[1] ?? "") === 6;
      // Each instance reads the backlog at most once a second: the hour shows by the next read.
      return tried && both.every((text) => (age(text) ?? 0) >= 3600) && both;
    });
    if (!fromA || !fromB) throw new Error("no scrape");
    expect(sample(fromA, "reelsmith_applications_accepted_total")).toBe(3);
    expect(sample(fromB, "reelsmith_applications_accepted_total")).toBe(0);
    // The backlog is the database's: both instances report all of it.
    for (const text of [fromA, fromB]) {
      expect(sample(text, 'reelsmith_deliveries_pending{kind="team_notification"}')).toBe(3);
      expect(sample(text, 'reelsmith_deliveries_pending{kind="applicant_confirmation"}')).toBe(3);
      expect(age(text)).toBeGreaterThanOrEqual(3600);
      expect(age(text)).toBeLessThanOrEqual(Math.round((Date.now() - anHourAgo) / 1000));
    }
  });
});
