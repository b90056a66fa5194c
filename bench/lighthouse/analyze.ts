/**
 * What one Lighthouse run says beyond its scores: the main-thread breakdown, the long tasks with
 * what they spent their time on, and the nodes Lantern (the simulator behind the mobile figures)
 * put on the paths of the first and the largest contentful paint.
 */
import type { TraceEvent } from "./trace.ts";

interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: {
    items?: Record<string, unknown>[];
    debugData?: { urls?: string[]; tasks?: Record<string, number>[] };
  };
}
export interface Lhr {
  audits: Record<string, Audit>;
  categories: Record<string, { score: number | null }>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

/** The parts of Lantern's graph nodes read here. */
export interface LanternNode {
  id: string;
  type: "network" | "cpu";
  request?: { url: string; resourceType?: string; priority: string; transferSize: number };
  duration?: number;
  childEvents?: { name: string; dur?: number }[];
}
export type NodeTimings = Map<LanternNode, { startTime: number; endTime: number }>;

export interface PathNode {
  id: string;
  label: string;
  start: number;
  end: number;
  /** A low-priority image: simulated, but never what Lantern's LCP estimate waits for. */
  lowImage: boolean;
}
export interface LongTask {
  url: string;
  start: number;
  duration: number;
  /** Simulated milliseconds per Lighthouse task group (styleLayout, other, …). */
  groups: Record<string, number>;
}

export function pathNodes(timings: NodeTimings | undefined, origin: string): PathNode[] {
  if (!timings) return [];
  return [...timings].map(([node, timing]) => ({
    id: node.id,
    label: node.request ? networkLabel(node.request, origin) : cpuLabel(node),
    start: timing.startTime,
    end: timing.endTime,
    lowImage:
      node.request?.resourceType === "Image" && ["Low", "VeryLow"].includes(node.request.priority),
  }));
}

function networkLabel(request: NonNullable<LanternNode["request"]>, origin: string): string {
  const url = request.url.startsWith(origin) ? request.url.slice(origin.length) : request.url;
  const short = url.length > 60 ? `${url.slice(0, 57)}…` : url;
  const kb = (request.transferSize / 1024).toFixed(1);
  return `${request.resourceType ?? "?"} ${short || "/"} (${request.priority}, ${kb} KB)`;
}

function cpuLabel(node: LanternNode): string {
  const byName = new Map<string, number>();
  for (const event of node.childEvents ?? []) {
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const top = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(", ");
  return `main-thread task, ${((node.duration ?? 0) / 1000).toFixed(1)} ms observed (${top})`;
}

export function breakdown(lhr: Lhr): Record<string, number> {
  const items = lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  return Object.fromEntries(
    items.map((item) => [String(item.groupLabel ?? item.group), Number(item.duration)]),
  );
}

export function longTasks(lhr: Lhr, origin: string): LongTask[] {
  const debug = lhr.audits["long-tasks"]?.details?.debugData;
  const urls = debug?.urls ?? [];
  return (debug?.tasks ?? []).map(({ urlIndex, startTime, duration, ...groups }) => {
    const url = urls[urlIndex ?? -1] ?? "?";
    return {
      url: url.startsWith(origin) ? url.slice(origin.length) || "/" : url,
      start: startTime ?? 0,
      duration: duration ?? 0,
      groups,
    };
  });
}

/** Unthrottled timings Chromium observed, next to the simulated ones. */
export function observed(lhr: Lhr): { fcp: number; lcp: number } {
  const item = lhr.audits.metrics?.details?.items?.[0] ?? {};
  return {
    fcp: Number(item.observedFirstContentfulPaint ?? Number.NaN),
    lcp: Number(item.observedLargestContentfulPaint ?? Number.NaN),
  };
}

export function traceEvents(artifacts: unknown): TraceEvent[] {
  const trace = (artifacts as { Trace?: { traceEvents?: TraceEvent[] } } | undefined)?.Trace;
  return trace?.traceEvents ?? [];
}
