/**
 * `npm run bench:lighthouse`: mobile Lighthouse (its default: Moto G Power emulation, simulated
 * slow 4G and 4× CPU slowdown) on `/`, `/onboarding`, `/thank-you` and a missing page, against
 * the built server on a loopback port, plus the byte figures of `/` from the build.
 * Prints figures; never passes or fails on them. Goals (docs/decisions/0024): `/`, `/thank-you`,
 * 404 at performance 100 in every run, LCP ≤ 1.0 s, LCP − FCP ≤ 50 ms, TBT ≤ 50 ms, CLS 0;
 * `/onboarding` ≥ 98, LCP ≤ 1.1 s, TBT ≤ 100 ms.
 *
 * For each page it prints the medians, then what they were made of: the main-thread breakdown,
 * the long tasks and what they spent their time on, and the requests and tasks Lantern (the
 * simulator behind the figures) put on the paths of the first and the largest paint.
 *
 * BUILD_DIR picks the build (default ./build); CHROME_PATH the browser; LIGHTHOUSE_RUNS the runs
 * per page (default 5; medians); LIGHTHOUSE_PAGES a comma-separated subset of the pages;
 * LIGHTHOUSE_COMPARE another site's URL, run in turns with our `/` and shown beside it;
 * LIGHTHOUSE_FLOOR=1 adds the floor (bench/lighthouse/floor.ts: a page of one heading) the same way;
 * LIGHTHOUSE_PARTS=1 adds copies of `/` cut by part (bench/lighthouse/parts.ts: its head over one
 * heading, with the header, cut after the hero), to see which part of `/` its figures pay for.
 * Last, issue 24's goals against the floor and the other site, each met or not (goals.ts).
 * Lighthouse itself is installed on first use (bench/lighthouse/install.ts). Reports go to
 * bench/results/.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { headlineOffsets, javascriptGzipBytes } from "../scripts/page-budget.ts";
import { startChildServer } from "./child-server.ts";
import { startFloor } from "./lighthouse/floor.ts";
import { goalChecks, goalsTable } from "./lighthouse/goals.ts";
import { hostLine } from "./lighthouse/host.ts";
import { ensureLighthouse, lighthouseVersion } from "./lighthouse/install.ts";
import { startParts } from "./lighthouse/parts.ts";
import { comparisonTable, details, type Page, summaryTable } from "./lighthouse/report.ts";
import { audit, loadTools, type Run, reportName } from "./lighthouse/run.ts";
import { publicPages, requireBuild } from "./public-pages.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = requireBuild(root);
const pages = process.env.LIGHTHOUSE_PAGES?.split(",") ?? publicPages;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const compare = process.env.LIGHTHOUSE_COMPARE;

const tools = await loadTools(await ensureLighthouse());
const server = await startChildServer({ BUILD_DIR: buildDir });
const floor = process.env.LIGHTHOUSE_FLOOR === "1" ? await startFloor() : undefined;
const parts = process.env.LIGHTHOUSE_PARTS === "1" ? await startParts(buildDir) : undefined;
try {
  const resultsDir = path.join(root, "bench", "results");
  await mkdir(resultsDir, { recursive: true });
  const prefix = path.basename(buildDir);
  const ours: Page[] = pages.map((page) => ({ label: page, runs: [] }));
  const others = [
    ...(compare ? [{ label: compare, url: compare, name: "compare" }] : []),
    ...(floor ? [{ label: "the floor (one heading)", url: floor.url, name: "floor" }] : []),
    ...(parts?.pages.map((part, index) => ({ ...part, name: `part-${index}` })) ?? []),
  ].map((site) => ({ ...site, page: { label: site.label, runs: [] } as Page }));
  // Run after run, every page in turn (and the other sites right after our `/`), so a burst
  // of load on this shared machine falls on all of them alike rather than on one page's runs.
  for (let run = 0; run < runs; run++) {
    for (const page of ours) {
      const url = `${server.url}${page.label}`;
      page.runs.push(await attempt(url, reportName(resultsDir, prefix, page.label, run)));
      progress(run, page);
      if (page.label !== (pages.includes("/") ? "/" : pages[0])) continue;
      for (const site of others) {
        site.page.runs.push(await attempt(site.url, reportName(resultsDir, site.name, "/", run)));
        progress(run, site.page);
      }
    }
  }
  const theirs = others.map((site) => site.page);
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile (simulated throttling), medians of ${runs} run(s), build ${path.relative(root, buildDir)}\n`,
  );
  summaryTable([...ours, ...theirs]);
  console.log(hostLine([...ours, ...theirs].flatMap((page) => page.runs.map((run) => run.host))));
  const home = ours.find((page) => page.label === "/") ?? ours[0]!;
  for (const site of others) if (!site.name.startsWith("part-")) comparisonTable(home, site.page);
  const site = (name: string) => others.find((other) => other.name === name)?.page;
  goalsTable(goalChecks(ours, site("floor"), site("compare")));
  for (const page of [...ours, ...theirs]) details(page);
  printBytes();
} finally {
  await server.stop();
  await floor?.stop();
  await parts?.stop();
}

/**
 * One line per run as it ends, with the host's speed (Lighthouse's benchmarkIndex) and the load
 * of the machine: the figures survive a stop, and a slow run can be told from a slow host.
 */
function progress(run: number, page: Page) {
  const last = page.runs.at(-1)!;
  const { benchmarkIndex, load } = last.host;
  console.log(
    `run ${run + 1}/${runs} ${page.label}: perf ${last.scores.performance ?? "–"}, FCP ${Math.round(last.fcp)} ms, LCP ${Math.round(last.lcp)} ms, TBT ${Math.round(last.tbt)} ms (observed FCP ${last.observed.fcp} ms; benchmarkIndex ${Math.round(benchmarkIndex)}, load average ${load.toFixed(1)})${last.error ? ` ${last.error}` : ""}`,
  );
}

/** A run whose trace Lighthouse could not read (NO_FCP on a busy machine) is retried twice. */
async function attempt(url: string, reportFile: string): Promise<Run> {
  let result = await audit(tools, url, reportFile);
  for (let retry = 0; retry < 2 && result.error; retry++) {
    result = await audit(tools, url, reportFile);
  }
  return result;
}

function printBytes() {
  const clientDir = path.join(buildDir, "client");
  const headline = headlineOffsets(clientDir);
  const js = javascriptGzipBytes(clientDir, headline.html);
  console.log(`\n/ JavaScript: ${(js / 1024).toFixed(2)} KB gzip (budget 10 KB)`);
  console.log(
    `/ hero headline complete after ${headline.gzip.offset} B of ${headline.gzip.size} B gzip, ` +
      `${headline.br.offset} B of ${headline.br.size} B brotli (budget 14 KB = 14336 B)`,
  );
}
