/**
 * Where the main thread's time went, by trace event name: Lighthouse's breakdown puts every
 * event it has no group for under "Other"; this names them. Self time (children subtracted),
 * observed (not multiplied by the simulated CPU slowdown), on the page's renderer main thread.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task cost, whatever else the machine was doing. */
  tdur?: number;
  args?: { name?: string };
}

/** The page's renderer main thread: its complete slices, in order, and the first paint. */
function mainThread(events: TraceEvent[]) {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  const main = events.find(
    (event) =>
      event.ph === "M" &&
      event.name === "thread_name" &&
      event.args?.name === "CrRendererMain" &&
      event.pid === paint?.pid,
  );
  const slices = main
    ? events
        .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X")
        .filter((event) => (event.dur ?? 0) > 0)
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    : [];
  return { paint, slices };
}

/**
 * Main-thread tasks after the first paint that took at least `minMs` (wall time; at 4× they
 * would pass Lighthouse's 50 ms), with their CPU time and what they spent it on.
 */
export function tasksAfterPaint(events: TraceEvent[], minMs = 12.5) {
  const { paint, slices } = mainThread(events);
  if (!paint) return [];
  let until = 0;
  return slices
    .filter((task) => {
      // Top-level tasks only ("RunTask" in Lighthouse's trace, the scheduler's name elsewhere).
      if (!/^(ThreadControllerImpl::)?RunTask$/.test(task.name) || task.ts < until) return false;
      until = task.ts + task.dur!;
      return true;
    })
    .filter((task) => task.ts > paint.ts && task.dur! >= minMs * 1000)
    .map((task) => {
      const inside = slices.filter(
        (event) =>
          event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!,
      );
      const top = [...selfTimes(inside)]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
      return {
        afterPaint: (task.ts - paint.ts) / 1000,
        ms: task.dur! / 1000,
        cpu: (task.tdur ?? Number.NaN) / 1000,
        top,
      };
    });
}

export function selfTimeByName(events: TraceEvent[]): Map<string, number> {
  return selfTimes(mainThread(events).slices);
}

function selfTimes(slices: TraceEvent[]): Map<string, number> {
  const totals = new Map<string, number>();
  // A stack of open slices; each slice's self time is its duration less its direct children's.
  const stack: { event: TraceEvent; end: number; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      totals.set(done.event.name, (totals.get(done.event.name) ?? 0) + done.self / 1000);
    }
  };
  for (const event of slices) {
    close(event.ts);
    const parent = stack.at(-1);
    const end = event.ts + event.dur!;
    if (parent) parent.self -= Math.min(end, parent.end) - event.ts;
    stack.push({ event, end, self: event.dur! });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

/** The largest self times among events that Lighthouse counts as "Other" (no group of its own). */
export function otherEvents(
  events: TraceEvent[],
  groupOf: Record<string, { id: string } | undefined>,
  top = 6,
): { name: string; ms: number }[] {
  return [...selfTimeByName(events)]
    .filter(([name]) => (groupOf[name]?.id ?? "other") === "other")
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms }));
}
