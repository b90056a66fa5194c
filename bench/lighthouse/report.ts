import type { PathNode } from "./analyze.ts";
import type { Run } from "./run.ts";

/** The runs of one page (ours, or the site compared with ours). */
export interface Page {
  label: string;
  runs: Run[];
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : `${Math.round(value)} ms`);
const s = (value: number) => (Number.isNaN(value) ? "–" : `${(value / 1000).toFixed(2)} s`);
/** Tasks under 12.5 ms are not kept by the trace reader: shown as such. */
const longestMs = (value: number) =>
  Number.isFinite(value) ? (value > 0 ? String(Math.round(value)) : "<13") : "–";
const good = (runs: Run[]) => runs.filter((run) => !run.error);

/** Medians of each figure over a page's runs (each figure on its own). */
export function figures(page: Page) {
  const runs = good(page.runs);
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  return {
    fcp: of((run) => run.fcp),
    lcp: of((run) => run.lcp),
    gap: of((run) => run.lcp - run.fcp),
    tbt: of((run) => run.tbt),
    /** Each run's longest task after the first paint (wall time; 0 if none reached 12.5 ms). */
    longest: runs.map((run) => Math.max(0, ...run.slowTasks.map((task) => task.ms))),
    benchmarkIndex: of((run) => run.host.benchmarkIndex),
    cls: of((run) => run.cls),
    perf: page.runs.map((run) => run.scores.performance ?? "–").join("/"),
    others: (["accessibility", "best-practices", "seo"] as const)
      .map((id) => Math.min(...runs.map((run) => run.scores[id] ?? 0)))
      .join("/"),
  };
}

export function summaryTable(pages: Page[]) {
  console.table(
    pages.map((page) => {
      const f = figures(page);
      return {
        page: page.label,
        "perf (every run)": f.perf,
        FCP: s(f.fcp),
        LCP: s(f.lcp),
        "LCP−FCP": ms(f.gap),
        TBT: ms(f.tbt),
        "longest after paint (median/max)": `${longestMs(median(f.longest))}/${longestMs(Math.max(...f.longest))}`,
        CLS: Number.isNaN(f.cls) ? "–" : f.cls.toFixed(3),
        "a11y/bp/seo (min)": f.others,
        benchmarkIndex: Number.isNaN(f.benchmarkIndex) ? "–" : Math.round(f.benchmarkIndex),
      };
    }),
  );
}

/** Ours and the compared site side by side, with how many times better ours is. */
export function comparisonTable(ours: Page, theirs: Page) {
  const a = figures(ours);
  const b = figures(theirs);
  const row = (metric: string, x: number, y: number, format: (v: number) => string) => ({
    metric,
    [ours.label]: format(x),
    [theirs.label]: format(y),
    "theirs ÷ ours": x > 0 ? `${(y / x).toFixed(2)}×` : "–",
  });
  console.table([
    {
      metric: "perf (every run)",
      [ours.label]: a.perf,
      [theirs.label]: b.perf,
      "theirs ÷ ours": "",
    },
    row("FCP", a.fcp, b.fcp, s),
    row("LCP", a.lcp, b.lcp, s),
    row("TBT", a.tbt, b.tbt, ms),
  ]);
}

/** Breakdown, long tasks and the LCP path of one page, from its runs. */
export function details(page: Page) {
  const runs = good(page.runs);
  if (!runs.length) {
    console.log(`\n## ${page.label}: no run produced figures (${page.runs[0]?.error ?? "?"})`);
    return;
  }
  const byLcp = [...runs].sort((x, y) => x.lcp - y.lcp)[runs.length >> 1]!;
  const byTbt = [...runs].sort((x, y) => x.tbt - y.tbt)[runs.length >> 1]!;
  const o = {
    fcp: median(runs.map((r) => r.observed.fcp)),
    lcp: median(runs.map((r) => r.observed.lcp)),
  };
  console.log(`\n## ${page.label}   LCP element: ${byLcp.lcpElement}`);
  console.log(`observed (unthrottled): FCP ${ms(o.fcp)}, LCP ${ms(o.lcp)}`);
  const groups = new Set(runs.flatMap((run) => Object.keys(run.breakdown)));
  const main = [...groups]
    .map((group) => [group, median(runs.map((run) => run.breakdown[group] ?? 0))] as const)
    .sort((x, y) => y[1] - x[1]);
  console.log(
    `main thread (simulated, ×4 CPU): ${main.map(([group, value]) => `${group} ${ms(value)}`).join(", ")}`,
  );
  console.log(
    `  "Other" was (observed self time, median-TBT run): ${byTbt.other.map((e) => `${e.name} ${e.ms.toFixed(1)} ms`).join(", ")}`,
  );
  console.log(
    `long tasks (median-TBT run, TBT ${ms(byTbt.tbt)}):${byTbt.longTasks.length ? "" : " none"}`,
  );
  for (const task of byTbt.longTasks) {
    const parts = Object.entries(task.groups)
      .filter(([, value]) => value >= 1)
      .map(([group, value]) => `${group} ${ms(value)}`)
      .join(", ");
    console.log(`  at ${ms(task.start)}: ${ms(task.duration)} ${task.url} (${parts})`);
  }
  console.log(
    `  in the trace, tasks after the first paint ≥ 12.5 ms (same run):${byTbt.slowTasks.length ? "" : " none"}`,
  );
  for (const task of byTbt.slowTasks) {
    console.log(
      `  +${ms(task.afterPaint)}: ${ms(task.ms)} wall, ${ms(task.cpu)} CPU (${task.top.join(", ")})`,
    );
  }
  const fcpIds = new Set(
    [...byLcp.paths.fcpOptimistic, ...byLcp.paths.fcpPessimistic].map((n) => n.id),
  );
  const end = (nodes: PathNode[]) =>
    Math.max(0, ...nodes.filter((node) => !node.lowImage).map((node) => node.end));
  console.log(
    `LCP path (median-LCP run, LCP ${s(byLcp.lcp)} = max(FCP ${s(byLcp.fcp)}, ½ optimistic ${ms(end(byLcp.paths.lcpOptimistic))} + ½ pessimistic ${ms(end(byLcp.paths.lcpPessimistic))}); + not on the FCP path):`,
  );
  for (const node of byLcp.paths.lcpPessimistic) {
    const inOptimistic = byLcp.paths.lcpOptimistic.some((other) => other.id === node.id);
    console.log(
      `  ${fcpIds.has(node.id) ? " " : "+"}${inOptimistic ? " " : "p"} ${ms(node.start).padStart(7)} → ${ms(node.end).padStart(7)}  ${node.label}`,
    );
  }
  const below = byLcp.below100;
  if (below.length) console.log(`below 1 (median-LCP run): ${below.join(", ")}`);
  for (const run of page.runs) if (run.error) console.log(`Lighthouse error: ${run.error}`);
}
