import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../tests/chromium.ts";
import {
  breakdown,
  type LanternNode,
  type Lhr,
  type LongTask,
  longTasks,
  type NodeTimings,
  observed,
  type PathNode,
  pathNodes,
  traceEvents,
} from "./analyze.ts";
import type { HostSample } from "./host.ts";
import { importCached } from "./install.ts";
import { otherEvents, tasksAfterPaint } from "./trace.ts";

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const paths = {
  fcpOptimistic: "optimisticFirstContentfulPaint",
  fcpPessimistic: "pessimisticFirstContentfulPaint",
  lcpOptimistic: "optimisticLargestContentfulPaint",
  lcpPessimistic: "pessimisticLargestContentfulPaint",
} as const;

/** One Lighthouse run of one page, with what it says about the main thread and the LCP path. */
export interface Run {
  url: string;
  scores: Record<(typeof categories)[number], number | null>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  observed: { fcp: number; lcp: number };
  lcpElement: string;
  breakdown: Record<string, number>;
  other: { name: string; ms: number }[];
  longTasks: LongTask[];
  /** From the trace: tasks after the first paint of 12.5 ms or more, and what they did. */
  slowTasks: ReturnType<typeof tasksAfterPaint>;
  paths: Record<keyof typeof paths, PathNode[]>;
  below100: string[];
  /** Lighthouse's benchmarkIndex (the host's speed; higher is faster) and the load at the end. */
  host: HostSample;
  error?: string;
}

interface Tools {
  lighthouse: (
    url: string,
    flags: object,
  ) => Promise<{ lhr: Lhr; report: string | string[]; artifacts?: unknown } | undefined>;
  launch: (options: object) => Promise<{ port: number; kill(): void }>;
  timings: Map<string, NodeTimings>;
  groupOf: Record<string, { id: string } | undefined>;
}

/** Loads Lighthouse, chrome-launcher and Lantern's simulation record from the cached install. */
export async function loadTools(modules: string): Promise<Tools> {
  const [lh, launcher, lantern, groups] = await Promise.all([
    importCached<{ default: Tools["lighthouse"] }>(modules, "lighthouse/core/index.js"),
    importCached<{ launch: Tools["launch"] }>(modules, "chrome-launcher/dist/index.js"),
    importCached<{ Simulation: { Simulator: { allNodeTimings: Map<string, NodeTimings> } } }>(
      modules,
      "lighthouse/core/lib/lantern/lantern.js",
    ),
    importCached<{ taskNameToGroup: Tools["groupOf"] }>(
      modules,
      "lighthouse/core/lib/tracehouse/task-groups.js",
    ),
  ]);
  return {
    lighthouse: lh.default,
    launch: launcher.launch,
    timings: lantern.Simulation.Simulator.allNodeTimings,
    groupOf: groups.taskNameToGroup,
  };
}

/** One mobile Lighthouse run in a fresh browser (no cache, nothing left from the last page). */
export async function audit(tools: Tools, url: string, reportFile: string): Promise<Run> {
  const chrome = await tools.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumFlags],
  });
  tools.timings.clear();
  const result = await tools
    .lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
      // The not-found page is meant to answer 404; audit it all the same.
      ignoreStatusCode: true,
    })
    .finally(() => chrome.kill());
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  await writeFile(reportFile, result.report as string);
  if (process.env.LIGHTHOUSE_SAVE_TRACE) {
    const trace = { traceEvents: traceEvents(result.artifacts) };
    await writeFile(reportFile.replace(/\.json$/, ".trace.json"), JSON.stringify(trace));
  }
  const origin = new URL(url).origin;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const lcpNode = lhr.audits["lcp-breakdown-insight"]?.details?.items?.find(
    (item) => item.type === "node",
  ) as { nodeLabel?: string; selector?: string } | undefined;
  return {
    url,
    scores: Object.fromEntries(categories.map((id) => [id, score(id)])) as Run["scores"],
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    observed: observed(lhr),
    lcpElement: `${lcpNode?.selector ?? "?"} "${(lcpNode?.nodeLabel ?? "").slice(0, 50)}"`,
    breakdown: breakdown(lhr),
    other: otherEvents(traceEvents(result.artifacts), tools.groupOf),
    slowTasks: tasksAfterPaint(traceEvents(result.artifacts)),
    longTasks: longTasks(lhr, origin),
    paths: Object.fromEntries(
      Object.entries(paths).map(([key, label]) => [
        key,
        pathNodes(tools.timings.get(label) as NodeTimings | undefined, origin),
      ]),
    ) as Run["paths"],
    below100: Object.values(lhr.audits)
      .filter(
        (item) =>
          item.score !== null &&
          item.score < 1 &&
          !["informative", "notApplicable", "manual"].includes(item.scoreDisplayMode),
      )
      .map((item) => `${item.id} (${item.score})`),
    host: {
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
      load: loadavg()[0] ?? Number.NaN,
    },
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
}

/** A file name for a page's report: `lighthouse-build-home-2.json`. */
export function reportName(dir: string, prefix: string, page: string, run: number): string {
  const name = page === "/" ? "home" : page.replace(/^\W+|\W+$/g, "").replace(/\W+/g, "-");
  return path.join(dir, `lighthouse-${prefix}-${name}-${run + 1}.json`);
}

export type { LanternNode };
