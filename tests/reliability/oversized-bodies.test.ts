import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { intakePath } from "#app/shared/paths.ts";
import { hasBuild } from "#server/http/build-files.ts";
import { bodyPump } from "../../server/test/body-pump.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import { sleep } from "../../server/test/wait.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { rssMb, sampleRssPeak } from "./support/memory.ts";
import { openStore, storedIds } from "./support/store.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** The build whose pages (the form's action, its 413 page) are included: `npm test` makes it. */
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const bodyBytes = 50 * 1024 * 1024;
const parallel = 20;
const form = "application/x-www-form-urlencoded";

/** The kinds of oversized request, each sent by several of the 20 at once. */
const kinds = [
  { name: "form action, Content-Length", path: "/onboarding", type: form, declare: true },
  { name: "form action, chunked", path: "/onboarding", type: form, declare: false },
  { name: "React Router data request", path: "/onboarding.data", type: form, declare: false },
  {
    name: "multipart to the form",
    path: "/onboarding",
    type: "multipart/form-data; boundary=x",
    declare: true,
  },
  { name: "JSON endpoint, chunked", path: intakePath, type: "application/json", declare: false },
  { name: "a page without an action", path: "/", type: form, declare: true },
  {
    name: "JSON endpoint, Content-Length",
    path: intakePath,
    type: "application/json",
    declare: true,
  },
  { name: "an unknown path", path: "/wp-login.php", type: form, declare: false },
];

interface Outcome {
  status: number | "closed";
  /** Bytes written before the answer came (or the connection closed). */
  written: number;
}

/**
 * POSTs a 50 MB body, generated as it goes (the client holds 64 KiB), and stops writing as
 * soon as an answer arrives or the connection closes.
 */
function sendHuge(url: string, kind: (typeof kinds)[number]): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { "Content-Type": kind.type };
    if (kind.declare) headers["Content-Length"] = bodyBytes;
    const req = http.request(`${url}${kind.path}`, { method: "POST", headers, agent: false });
    let done = false;
    const body = bodyPump(req, bodyBytes, () => done);
    const finish = (status: number | "closed") => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ status, written: body.written });
    };
    req.on("response", (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on("error", () => finish("closed"));
    req.on("close", () => finish("closed"));
    body.start();
  });
}

describe("7. oversized bodies", () => {
  let instance: Instance | undefined;
  afterAll(() => instance?.stop());

  it(`${parallel} bodies of 50 MB at once: each refused unread, memory flat, nothing stored`, async ({
    task,
  }) => {
    const withPages = hasBuild(buildDir);
    if (!withPages) {
      const message = `no build in ${buildDir}: the form's 413 page cannot be rendered`;
      if (process.env.CI) throw new Error(message);
      console.warn(`\n*** oversized bodies: ${message} (run npm run build) ***\n`);
    }
    instance = await startInstance(withPages ? { BUILD_DIR: buildDir } : {});
    const server = instance;
    // Warm: the first page rendered and the first application stored cost what they cost once.
    await fetch(`${server.url}/onboarding`).then((response) => response.arrayBuffer());
    await fetch(server.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validApplication()),
    });
    await sleep(500);
    const rssBefore = await rssMb(server.pid);

    const peakRss = sampleRssPeak(server.pid, rssBefore);
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: parallel }, (_, i) => {
        const kind = kinds[i % kinds.length] as (typeof kinds)[number];
        return sendHuge(server.url, kind).then((outcome) => ({ kind: kind.name, ...outcome }));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await sleep(500);
    const peak = await peakRss.stop();
    const rssAfter = await rssMb(server.pid);

    const byStatus = new Map<string, number>();
    for (const outcome of outcomes) {
      byStatus.set(String(outcome.status), (byStatus.get(String(outcome.status)) ?? 0) + 1);
    }
    const accepted = outcomes.filter((o) => typeof o.status === "number" && o.status < 400);
    const serverErrors = outcomes.filter((o) => typeof o.status === "number" && o.status >= 500);
    const mostWritten = Math.max(...outcomes.map((o) => o.written));
    const health = await fetch(`${server.url}/healthz`);
    const valid = await fetch(server.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validApplication({ email: "after@example.com" })),
    });
    const store = openStore(server);
    const stored = (await storedIds(store)).size;
    await store.close();
    const growth = Math.round(peak - rssBefore);

    recordFigures(task, {
      order: 7,
      scenario: "7 oversized bodies",
      figures: [
        { name: "requests of 50 MB at once", value: parallel, must: "= 20" },
        { name: "kinds (form, data request, multipart, JSON, pages)", value: kinds.length },
        { name: "no-JavaScript form included", value: withPages ? "yes" : "no (no build)" },
        {
          name: "answers",
          value: formatCounts([...byStatus].sort()),
        },
        { name: "accepted (2xx/3xx)", value: accepted.length, must: "= 0" },
        { name: "5xx", value: serverErrors.length, must: "= 0" },
        {
          name: "most bytes sent before the answer (MB)",
          value: Math.round((mostWritten / 1024 / 1024) * 10) / 10,
        },
        { name: "all answered in (s)", value: Math.round(seconds * 10) / 10 },
        {
          name: "RSS before → peak → after (MB)",
          value: `${Math.round(rssBefore)} → ${Math.round(peak)} → ${Math.round(rssAfter)}`,
        },
        { name: "RSS growth at peak (MB)", value: growth, must: "< 50" },
        { name: "submissions stored (2 valid ones sent)", value: stored, must: "= 2" },
        {
          name: "still healthy, still taking applications",
          value: server.alive() && health.status === 200 && valid.status === 200 ? "yes" : "no",
          must: "yes",
        },
      ],
    });

    expect(accepted).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(growth).toBeLessThan(50);
    // Every refusal came long before the 50 MB were sent.
    expect(mostWritten).toBeLessThan(bodyBytes / 2);
    expect(health.status).toBe(200);
    expect(valid.status).toBe(200);
    expect(stored).toBe(2);
    if (withPages) {
      const page = await fetch(`${server.url}/onboarding`, {
        method: "POST",
        headers: { "Content-Type": form },
        body: `goals=${"x".repeat(70_000)}`,
      });
      expect(page.status).toBe(413);
      expect(await page.text()).toContain("too long to send in one go");
    }
  }, 120_000);
});
