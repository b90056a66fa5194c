import type { Browser } from "@playwright/test";
import type { TraceEvent } from "../lighthouse/trace.ts";

/** A phone like Lighthouse's (Moto G Power): what the page lays out is the same size. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };
const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"];
/** Trace events whose CPU time is summed per load. */
export const eventNames = [
  "ParseHTML",
  "UpdateLayoutTree",
  "Layout",
  "Paint",
  "v8.evaluateModule",
  "FunctionCall",
  "EvaluateScript",
] as const;

export interface Load {
  /** CPU time (thread time, ms) of the main thread's tasks up to the first paint. */
  beforePaint: number;
  /** ... and in the `settleMs` after it. */
  afterPaint: number;
  /** The longest task after the first paint, in CPU time and in wall time (what a visitor waits). */
  longestTask: number;
  longestWall: number;
  /** Tasks after the first paint of at least 12.5 ms of CPU: 50 ms at Lighthouse's 4×. */
  longTasks: number;
  /** Layouts after the first paint of more than 3 ms: a relayout of much of the page. */
  relayouts: number;
  events: Record<(typeof eventNames)[number], number>;
}

const ms = (event: TraceEvent) => (event.tdur ?? 0) / 1000;
const sum = (events: TraceEvent[]) => events.reduce((total, event) => total + ms(event), 0);

/** One load of `url` in a fresh context, traced: where the renderer's main thread spent CPU. */
export async function tracedLoad(browser: Browser, url: string, settleMs: number): Promise<Load> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(settleMs);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const paint = traceEvents.find((event) => event.name === "firstContentfulPaint");
    const main = traceEvents.find(
      (event) =>
        event.ph === "M" && event.args?.name === "CrRendererMain" && event.pid === paint?.pid,
    );
    if (!paint || !main) throw new Error(`${url}: no first paint in the trace`);
    const slices = traceEvents.filter(
      (event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X",
    );
    const tasks = slices.filter((event) => /RunTask$/.test(event.name));
    const after = (event: TraceEvent) => event.ts > paint.ts;
    const tasksAfter = tasks.filter(after);
    const events = Object.fromEntries(
      eventNames.map((name) => [name, sum(slices.filter((event) => event.name === name))]),
    ) as Load["events"];
    return {
      beforePaint: sum(tasks.filter((task) => !after(task))),
      afterPaint: sum(tasksAfter),
      longestTask: Math.max(0, ...tasksAfter.map(ms)),
      longestWall: Math.max(0, ...tasksAfter.map((task) => (task.dur ?? 0) / 1000)),
      longTasks: tasksAfter.filter((task) => ms(task) >= 12.5).length,
      relayouts: slices.filter((event) => after(event) && event.name === "Layout" && ms(event) > 3)
        .length,
      events,
    };
  } finally {
    await context.close();
  }
}

/** One load under V8's sampling profiler: the functions that took the most CPU, by script. */
export async function profiledLoad(browser: Browser, url: string, settleMs: number, top = 8) {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(settleMs);
    const { profile } = await cdp.send("Profiler.stop");
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    profile.samples?.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame?.url) return; // idle, program, garbage collector
      const file = new URL(frame.url).pathname;
      const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
    });
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
  } finally {
    await context.close();
  }
}
