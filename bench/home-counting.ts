/**
 * `npm run bench:insights` (part 1): `/` served with counting on and off, in the same run. Two
 * servers (server/serve.ts in child processes, the build in BUILD_DIR), one with ANALYTICS=on
 * and one with ANALYTICS=off, loaded in turns by autocannon (50 connections, 4 rounds of 8 s
 * each, after 2 s of warm-up): every request a GET of `/` as Chromium sends it, from one of
 * 5,000 User-Agents (so each round makes thousands of visitors, as a busy day would). Prints
 * the requests per second of each round and the ratio of the medians.
 */
import autocannon from "autocannon";
import { startChildServer } from "./child-server.ts";
import { requireBuild } from "./public-pages.ts";

const connections = 50;
const roundSeconds = 8;
const rounds = 4;
const userAgents = 5000;

function load(url: string, seconds: number): Promise<autocannon.Result> {
  let n = 0;
  return autocannon({
    url: `${url}/`,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip", accept: "text/html" },
    requests: [
      {
        setupRequest: (request) => {
          n = (n + 1) % userAgents;
          return {
            ...request,
            headers: {
              ...request.headers,
              "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.${n}.0 Safari/537.36`,
            },
          };
        },
      },
    ],
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function benchHomeCounting(root: string) {
  const buildDir = requireBuild(root);
  const servers = {
    on: await startChildServer({ ANALYTICS: "on", BUILD_DIR: buildDir }),
    off: await startChildServer({ ANALYTICS: "off", BUILD_DIR: buildDir }),
  };
  const rates: Record<"on" | "off", number[]> = { on: [], off: [] };
  try {
    for (const mode of ["on", "off"] as const) await load(servers[mode].url, 2);
    for (let round = 0; round < rounds; round++) {
      for (const mode of round % 2 ? (["on", "off"] as const) : (["off", "on"] as const)) {
        const result = await load(servers[mode].url, roundSeconds);
        if (result.non2xx > 0 || result.errors > 0) {
          console.log(`  ${mode}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        rates[mode].push(Math.round(result.requests.average));
        console.log(`  round ${round + 1}, counting ${mode}: ${rates[mode].at(-1)} req/s`);
      }
    }
  } finally {
    await servers.on.stop();
    await servers.off.stop();
  }
  const on = median(rates.on);
  const off = median(rates.off);
  console.log(
    `\n/ with counting on: ${on} req/s, off: ${off} req/s (medians of ${rounds}); on/off = ${((on / off) * 100).toFixed(1)} %`,
  );
}
