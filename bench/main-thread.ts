/**
 * `npm run bench:main-thread`: what each public page costs the browser's main thread, in CPU
 * time. Lighthouse's simulation multiplies wall time, which a busy machine stretches 2-5×;
 * thread time is what the page itself asked for, so a change of a few milliseconds shows here
 * when Lighthouse's medians cannot see it. Prints figures; never passes or fails on them.
 *
 * Per page, medians of MAIN_THREAD_RUNS loads (default 9) in fresh contexts at a phone's size,
 * unthrottled: CPU before and after the first paint (2 s), the longest task after it (CPU and
 * wall time, printed per page as it finishes), the tasks
 * that would be long at Lighthouse's 4× (≥ 12.5 ms), the relayouts after the first paint, and
 * the CPU of parsing, style, layout, paint and script. Then one load under V8's profiler: the
 * functions that took the most CPU (how the ICU load in the schema was found, decision 0025).
 *
 * BUILD_DIR picks the build (default ./build); MAIN_THREAD_PAGES a comma-separated subset.
 */
import { loadavg } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../tests/chromium.ts";
import { startChildServer } from "./child-server.ts";
import { eventNames, type Load, profiledLoad, tracedLoad } from "./main-thread/measure.ts";
import { publicPages, requireBuild } from "./public-pages.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = requireBuild(root);
const pages = process.env.MAIN_THREAD_PAGES?.split(",") ?? publicPages;
const runs = Math.max(1, Number(process.env.MAIN_THREAD_RUNS ?? 9));
const settleMs = 2000;

const server = await startChildServer({ BUILD_DIR: buildDir });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const rows: Record<string, Record<string, string>> = {};
  const profiles: [string, [string, number][]][] = [];
  for (const page of pages) {
    const url = `${server.url}${page}`;
    await tracedLoad(browser, url, 200); // warm the server and the browser's caches of code
    const loads: Load[] = [];
    for (let run = 0; run < runs; run++) loads.push(await tracedLoad(browser, url, settleMs));
    const median = (pick: (load: Load) => number) => {
      const sorted = loads.map(pick).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const fixed = (pick: (load: Load) => number) => median(pick).toFixed(1);
    rows[page] = {
      "before paint": fixed((load) => load.beforePaint),
      "after paint": fixed((load) => load.afterPaint),
      "longest after": fixed((load) => load.longestTask),
      "longest after (wall)": fixed((load) => load.longestWall),
      "≥ 12.5 ms": String(median((load) => load.longTasks)),
      relayouts: String(median((load) => load.relayouts)),
      ...Object.fromEntries(
        eventNames.map((name) => [name, fixed((load) => load.events[name])] as const),
      ),
    };
    profiles.push([page, await profiledLoad(browser, url, settleMs)]);
    console.log(
      `${page}: ${runs} loads; longest task after the first paint ${rows[page]["longest after"]} ms CPU, ${rows[page]["longest after (wall)"]} ms wall (medians; load average ${loadavg()[0]!.toFixed(1)})`,
    );
  }
  console.log(
    `\nMain-thread CPU (thread time, ms, unthrottled), medians of ${runs} loads, build ${path.relative(root, buildDir)}\n`,
  );
  console.table(rows);
  for (const [page, top] of profiles) {
    console.log(`\n${page}: the functions that took the most CPU (self time, one load)`);
    for (const [where, time] of top) console.log(`  ${time.toFixed(1).padStart(6)} ms  ${where}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
