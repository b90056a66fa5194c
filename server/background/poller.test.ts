import { expect, it, onTestFinished, vi } from "vitest";
import { timedCalls } from "../test/timed-calls.ts";
import { waitFor } from "../test/wait.ts";
import { startPoller } from "./poller.ts";

/** A run of `ms` that records when it starts and ends. */
function recordingRun(ms: number) {
  const recorder = timedCalls(ms);
  return {
    run: () => recorder.call(undefined),
    runs: recorder.calls,
    overlapped: () => recorder.maxActive() > 1,
  };
}

function stopper() {
  const controller = new AbortController();
  onTestFinished(() => controller.abort());
  return controller;
}

it("runs at once, then again `intervalMs` after each run ends", async () => {
  const recorder = recordingRun(20);
  startPoller(recorder.run, { intervalMs: 60, signal: stopper().signal });
  expect(recorder.runs).toHaveLength(1); // at once, not after a first interval
  await waitFor(() => recorder.runs.length >= 3, { timeoutMs: 5000 });
  const [first, second] = recorder.runs;
  expect((second?.start ?? 0) - (first?.end ?? 0)).toBeGreaterThanOrEqual(59);
  expect(recorder.overlapped()).toBe(false);
});

it("a nudge during a run makes one more run right after it, never two at once", async () => {
  const recorder = recordingRun(50);
  const poller = startPoller(recorder.run, { intervalMs: 60_000, signal: stopper().signal });
  poller.nudge();
  poller.nudge();
  poller.nudge();
  await waitFor(() => recorder.runs.length === 2 && recorder.runs[1]?.end, { timeoutMs: 5000 });
  await poller.idle(); // a third run, if the nudges had queued one, would start before this
  expect(recorder.runs).toHaveLength(2); // three nudges, one more run
  expect(recorder.overlapped()).toBe(false);
  // The nudge, not the (one-minute) interval, started the second run.
  expect((recorder.runs[1]?.start ?? 0) - (recorder.runs[0]?.end ?? 0)).toBeLessThan(50);
});

it("after abort, starts nothing more; idle() waits for the run in hand", async () => {
  vi.useFakeTimers();
  onTestFinished(() => {
    vi.useRealTimers();
  });
  const recorder = recordingRun(80);
  const controller = stopper();
  const poller = startPoller(recorder.run, { intervalMs: 10, signal: controller.signal });
  controller.abort();
  poller.nudge();
  let idle = false;
  const idled = poller.idle().then(() => {
    idle = true;
  });
  await vi.advanceTimersByTimeAsync(79);
  expect(idle).toBe(false); // the run in hand is not done yet
  await vi.advanceTimersByTimeAsync(1);
  await idled;
  expect(recorder.runs).toHaveLength(1);
  expect(recorder.runs[0]?.end).toBeGreaterThanOrEqual(recorder.runs[0]?.start ?? 0);
  // No timer is left that could start a run, and ten intervals later none has.
  expect(vi.getTimerCount()).toBe(0);
  await vi.advanceTimersByTimeAsync(100);
  expect(recorder.runs).toHaveLength(1);
});
