/**
 * `npm run bench:intake`: accepted applications per second and latency of the intake endpoint
 * at 50 concurrent connections on SQLite (synchronous=FULL), against the bare insert rate of
 * the same database file measured in the same run. Loopback only; bounded in time and count.
 * Prints figures; never passes or fails on them.
 *
 * The server runs in a child process (as `npm start` would, with its delivery worker writing
 * .eml files), so autocannon does not share its event loop. 2 s of the same load warm the JIT
 * first and are not counted; then 10 s (or 20,000 requests) are measured.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { exampleAnswers } from "#app/shared/fields.ts";
import { intakePath } from "#app/shared/paths.ts";
import { openSqliteConnection } from "../server/db/sqlite.ts";
import { startChildServer } from "./child-server.ts";

const connections = 50;
const durationSeconds = 10;
const warmUpSeconds = 2;
/** Numbers each request: a unique Idempotency-Key and email per application. */
let counter = 0;
const maxRequests = 20_000;
const bareSeconds = 3;
const bareMaxRows = 20_000;

await main();

async function main() {
  const server = await startChildServer({
    RATE_LIMIT_PER_HOUR: "0",
    // The API alone: no pages to load (and no dependence on someone's build in progress).
    BUILD_DIR: path.join(tmpdir(), "reelsmith-bench-no-build"),
  });
  const { url } = server;
  try {
    const database = path.join(server.dataDir, "reelsmith.db");
    const bare = bareInsertRate(database);
    // JIT warm-up (a long-running server is warm): 2 s of the same load, not counted.
    const warmUp = await runLoad(`${url}${intakePath}`, warmUpSeconds);
    console.log(
      `warm-up: ${warmUp.requests.total} requests in ${warmUp.duration.toFixed(1)} s (not counted)`,
    );
    const load = await runLoad(`${url}${intakePath}`, durationSeconds);
    report(load, bare);
  } finally {
    await server.stop();
  }
}

/** Sequential single-row transactions on the same file, with the server's pragmas. */
function bareInsertRate(file: string) {
  const db = openSqliteConnection(file);
  const insert = db.prepare(
    `insert into submissions (id, name, email, account_handle, account_type, primary_platform,
      audience_size, content_niche, goals, current_challenges, brand_style, selected_plan,
      created_at, ip_hash, user_agent, is_spam, idempotency_key)
     values (?, 'Bench', 'bench@example.com', '@bench', 'creator', 'tiktok', '1k-10k', 'Cooking',
      'Grow the audience steadily', 'No time to edit the videos', '', 'Creator', ?, 'x', 'bench',
      1, null)`,
  );
  const once = db.transaction(() => insert.run(randomUUID(), Date.now()));
  const started = performance.now();
  const commitMs: number[] = [];
  while (commitMs.length < bareMaxRows && performance.now() - started < bareSeconds * 1000) {
    const before = performance.now();
    once();
    commitMs.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = commitMs.length;
  commitMs.sort((a, b) => a - b);
  const at = (q: number) => commitMs[Math.min(rows - 1, Math.floor(q * rows))] ?? 0;
  db.prepare("delete from submissions where user_agent = 'bench'").run();
  db.close();
  return { rows, seconds, perSecond: rows / seconds, p50: at(0.5), p99: at(0.99), max: at(1) };
}

async function runLoad(url: string, seconds: number) {
  const body = (n: number) =>
    JSON.stringify({
      ...exampleAnswers(),
      name: "Bench Applicant",
      email: `bench${n}@example.com`,
      accountHandle: `@bench${n}`,
    });
  return autocannon({
    url,
    connections,
    duration: seconds,
    maxOverallRequests: maxRequests,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          return {
            ...request,
            headers: { ...request.headers, "idempotency-key": `bench-${counter}` },
            body: body(counter),
          };
        },
      },
    ],
  });
}

function report(load: autocannon.Result, bare: ReturnType<typeof bareInsertRate>) {
  const accepted = Number(load.statusCodeStats?.["200"]?.count ?? 0);
  const acceptedPerSecond = accepted / load.duration;
  const ratio = acceptedPerSecond / bare.perSecond;
  const lines = [
    `intake bench: ${connections} connections, ${load.duration.toFixed(1)} s, SQLite synchronous=FULL, loopback`,
    `  accepted (200):        ${accepted} in ${load.duration.toFixed(1)} s = ${Math.round(acceptedPerSecond)}/s   (goal >= 1,500/s)`,
    `  latency p50 / p99:     ${load.latency.p50} ms / ${load.latency.p99} ms   (goal p99 <= 50 ms)`,
    `  latency max:           ${load.latency.max} ms`,
    `  non-2xx answers:       ${load.non2xx}; errors ${load.errors}; timeouts ${load.timeouts}`,
    `  bare insert rate:      ${Math.round(bare.perSecond)}/s (${bare.rows} sequential one-row transactions in ${bare.seconds.toFixed(1)} s, same file and pragmas)`,
    `  one commit (fsync):    p50 ${bare.p50.toFixed(2)} ms, p99 ${bare.p99.toFixed(2)} ms, max ${bare.max.toFixed(1)} ms (the disk's own latency; every answer waits for one)`,
    `  accepted / bare:       ${(ratio * 100).toFixed(0)}%   (goal >= 50%)`,
  ];
  console.log(lines.join("\n"));
}
