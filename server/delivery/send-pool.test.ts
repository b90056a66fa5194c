import { expect, it, onTestFinished } from "vitest";
import { timedCalls } from "../test/timed-calls.ts";
import { waitFor } from "../test/wait.ts";
import { createSendPool } from "./send-pool.ts";

/** Work that takes `ms` per item and records when each ran and how many ran at once. */
function recordingWork(ms: number) {
  const recorder = timedCalls<number>(ms);
  return { work: recorder.call, done: recorder.calls, maxActive: recorder.maxActive };
}

function stopper() {
  const controller = new AbortController();
  onTestFinished(() => controller.abort());
  return controller;
}

const always = () => true;
const items = (n: number) => Array.from({ length: n }, (_, i) => i);

it("works `concurrency` items at once while the intake is quiet", async () => {
  const pool = createSendPool({ concurrency: 4, signal: stopper().signal, busy: () => false });
  const recorder = recordingWork(30);
  expect(await pool.run(items(8), recorder.work, always)).toEqual([]);
  expect(recorder.done.map((entry) => entry.item).sort()).toEqual(items(8));
  expect(recorder.maxActive()).toBe(4);
});

it("gives way while busy: one at a time, each followed by a pause of 9x its duration", async () => {
  const pool = createSendPool({ concurrency: 4, signal: stopper().signal, busy: () => true });
  const recorder = recordingWork(20);
  expect(await pool.run(items(3), recorder.work, always)).toEqual([]);
  expect(recorder.maxActive()).toBe(1);
  const ordered = [...recorder.done].sort((a, b) => a.start - b.start);
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const took = (previous.end ?? 0) - previous.start;
    const gap = ordered[i]!.start - (previous.end ?? 0);
    // 9x what the item took (its own 20 ms timer can end a little early, and so can the
    // pause's: Node's timers count whole milliseconds of the loop's clock).
    expect(took).toBeGreaterThan(18);
    expect(gap).toBeGreaterThanOrEqual(9 * took - 2);
  }
});

it("starts no item once it is out of time, and hands back the rest in order", async () => {
  const pool = createSendPool({ concurrency: 2, signal: stopper().signal, busy: () => false });
  const recorder = recordingWork(5);
  const left = await pool.run(items(6), recorder.work, (item) => item < 3);
  expect(recorder.done.map((entry) => entry.item).sort()).toEqual([0, 1, 2]);
  expect(left).toEqual([3, 4, 5]);
});

it("on abort: ends its pause at once, starts nothing more, hands back the rest", async () => {
  const controller = stopper();
  const pool = createSendPool({ concurrency: 4, signal: controller.signal, busy: () => true });
  const recorder = recordingWork(200); // then a pause of 1.8 s
  const started = performance.now();
  const running = pool.run(items(4), recorder.work, always);
  // The first item is done: its pause (1.8 s) has begun.
  await waitFor(() => recorder.done[0]?.end !== undefined, { intervalMs: 5 });
  controller.abort();
  expect(await running).toEqual([1, 2, 3]);
  expect(recorder.done.map((entry) => entry.item)).toEqual([0]);
  expect(performance.now() - started).toBeLessThan(1000);
});
