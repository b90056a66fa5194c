import pino from "pino";
import { describe, expect, it } from "vitest";
import { waitFor } from "../test/wait.ts";
import { startJobs } from "./job.ts";

const logger = pino({ level: "silent" });
/** One job named `name`, every 5 ms, on the runner. */
const everyFiveMs = (name: string, run: () => Promise<void>) =>
  startJobs([{ name, everyMs: 5, run }], logger);

describe("background jobs on the one poller", () => {
  it("runs each job at once and again after its interval, never two runs at once", async () => {
    let runs = 0;
    let active = 0;
    let most = 0;
    const jobs = everyFiveMs("count", async () => {
      active += 1;
      most = Math.max(most, active);
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      active -= 1;
    });
    jobs.nudge("count");
    jobs.nudge("count");
    await waitFor(() => runs >= 4);
    await jobs.stop();
    const stoppedAt = runs;
    expect(most).toBe(1);
    // Stopped: the run in hand ended, and no run starts any more, nudged or not.
    expect(active).toBe(0);
    // A run starts synchronously (its first line counts it): none did.
    jobs.nudge("count");
    expect(runs).toBe(stoppedAt);
  });

  it("logs a failed run and runs the job again", async () => {
    let runs = 0;
    const jobs = everyFiveMs("flaky", async () => {
      runs += 1;
      if (runs === 1) throw new Error("database away");
    });
    await waitFor(() => runs >= 2);
    await jobs.stop();
  });

  it("refuses two jobs of one name", () => {
    const job = { name: "same", everyMs: 1000, run: async () => {} };
    expect(() => startJobs([job, job], logger)).toThrow(/two background jobs named same/);
  });
});
