import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { maxBodyBytes } from "../../server/intake/api.ts";
import { storageBackends } from "../../server/test/backends.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import { formatCounts, recordFigures } from "./support/figures.ts";
import { type HostileRequest, hostileRequest } from "./support/hostile-requests.ts";
import { createHttpClient, runPool } from "./support/http-client.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { rssMb } from "./support/memory.ts";

/** Requests per storage backend; PostgreSQL gets a shorter run (its own failure modes). */
const runs = { sqlite: 10_000, postgres: 2_000 };
const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const stackTrace = /\bat .+:\d+:\d+/;

/** Splits a body into a few chunks (a chunked upload). */
function chunksOf(body: Buffer): Buffer[] {
  const size = Math.max(1, Math.ceil(body.length / 4));
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) chunks.push(body.subarray(at, at + size));
  return chunks;
}

for (const [index, backend] of storageBackends().entries()) {
  describe.skipIf(backend.skip)(`1. hostile input (${backend.name})`, () => {
    let instance: Instance | undefined;
    let cleanup = async () => {};
    afterAll(async () => {
      await instance?.stop();
      await cleanup();
    });

    it(`refuses ${runs[backend.name].toLocaleString("en-US")} generated bad requests with a 4xx and stores nothing`, async ({
      task,
    }) => {
      const setup = await backend.setup();
      cleanup = setup.cleanup;
      // The rate limit is on: refused requests must not use up the client's allowance.
      instance = await startInstance({ ...setup.env, RATE_LIMIT_PER_HOUR: "20" });
      const server = instance;
      const rssBefore = await rssMb(server.pid);
      const requests = fc.sample(hostileRequest, { numRuns: runs[backend.name], seed });
      const client = createHttpClient({ connections: 16, timeoutMs: 20_000 });
      const statuses = new Map<number, number>();
      const categories = new Map<string, number>();
      /** Outcome by kind of request, printed when something went wrong. */
      const outcomes = new Map<string, number>();
      const tally = (request: HostileRequest, outcome: string) => {
        const key = `${request.category} -> ${outcome}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      };
      const failures: string[] = [];
      let notJson = 0;
      let errors = 0;
      let cutOff = 0;

      const describeFailure = (request: HostileRequest, what: string) => {
        if (failures.length < 5) {
          const body = request.body.subarray(0, 300).toString("utf8");
          failures.push(`${request.category} ${request.method} ${JSON.stringify(request.headers)}
  -> ${what}
  body: ${body}${request.body.length > 300 ? `… (${request.body.length} bytes)` : ""}`);
        }
      };

      const started = performance.now();
      await runPool(requests.length, 16, async (i) => {
        const request = requests[i] as HostileRequest;
        categories.set(request.category, (categories.get(request.category) ?? 0) + 1);
        try {
          const answer = await client.request(server.endpoint, {
            method: request.method,
            headers: request.headers,
            ...(request.chunked ? { chunks: chunksOf(request.body) } : { body: request.body }),
          });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          tally(request, String(answer.status));
          let json: { ok?: unknown } | undefined;
          try {
            json = JSON.parse(answer.body);
          } catch {
            json = undefined;
          }
          if (json?.ok !== false || stackTrace.test(answer.body)) {
            notJson += 1;
            tally(request, `not JSON: ${answer.body.slice(0, 60)}`);
          }
          if (answer.status < 400 || answer.status >= 500) {
            describeFailure(request, `${answer.status} ${answer.body.slice(0, 200)}`);
          }
        } catch (error) {
          const code = (error as { code?: string }).code ?? "";
          if (request.body.length > maxBodyBytes && /^(EPIPE|ECONNRESET)$/.test(code)) {
            // An upload over the limit (chunked, or over 1 MiB): refused mid-stream with
            // Connection: close, and this client was still writing when the connection closed.
            // Refused all the same.
            cutOff += 1;
            tally(request, "closed mid-upload");
            return;
          }
          errors += 1;
          tally(request, `no answer (${(error as Error).message.slice(0, 40)})`);
          describeFailure(request, `no answer: ${(error as Error).message}`);
        }
      });
      const seconds = (performance.now() - started) / 1000;
      client.close();

      const handle = openDatabase({
        DATABASE_URL: setup.env.DATABASE_URL,
        dataDir: server.dataDir,
      });
      const count = async (table: "submissions" | "deliveries") =>
        Number(
          (
            await handle.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const rowsStored = (await count("submissions")) + (await count("deliveries"));
      await handle.close();

      const health = await fetch(`${server.url}/healthz`);
      // Still taking applications from the same client: nothing above used up its allowance.
      const valid = await fetch(server.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(validApplication()),
      });
      const rssAfter = await rssMb(server.pid);
      const count4xx = [...statuses]
        .filter(([s]) => s >= 400 && s < 500)
        .reduce((a, [, n]) => a + n, 0);
      const count5xx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
      const count2xx = [...statuses].filter(([s]) => s < 400).reduce((a, [, n]) => a + n, 0);
      const healthy = server.alive() && health.status === 200 && valid.status === 200;

      recordFigures(task, {
        order: 1 + index / 10,
        scenario: `1 hostile input, ${backend.name}`,
        figures: [
          {
            name: "requests (fast-check)",
            value: requests.length,
            must: backend.name === "sqlite" ? "≥ 10,000" : "",
          },
          { name: "fast-check seed (FC_SEED)", value: String(seed) },
          { name: "kinds of request", value: categories.size },
          { name: "4xx", value: count4xx, must: "= requests − closed" },
          {
            name: "  by status",
            value: formatCounts([...statuses].sort(([a], [b]) => a - b)),
          },
          { name: "closed mid-upload (> 32 KiB, still sending)", value: cutOff },
          { name: "5xx", value: count5xx, must: "= 0" },
          { name: "2xx", value: count2xx, must: "= 0" },
          { name: "no answer", value: errors, must: "= 0" },
          { name: "answers not JSON or with a stack", value: notJson, must: "= 0" },
          { name: "rows stored", value: rowsStored, must: "= 0" },
          { name: "requests/s", value: Math.round(requests.length / seconds) },
          { name: "RSS before → after (MB)", value: `${rssBefore} → ${rssAfter}` },
          { name: "process still healthy", value: healthy ? "yes" : "no", must: "yes" },
        ],
      });

      if (failures.length > 0) {
        const lines = [...outcomes].sort().map(([key, n]) => `  ${n}\t${key}`);
        console.log(`Outcomes by kind of request:\n${lines.join("\n")}`);
      }
      expect(requests.length).toBe(runs[backend.name]);
      expect(failures, failures.join("\n\n")).toEqual([]);
      expect(count4xx + cutOff).toBe(requests.length);
      expect(count5xx).toBe(0);
      expect(notJson).toBe(0);
      expect(rowsStored).toBe(0);
      expect(health.status).toBe(200);
      expect(valid.status).toBe(200);
      expect(server.alive()).toBe(true);
    }, 240_000);
  });
}
