import { errorSummary } from "../db/errors.ts";
import type { Logger } from "../logger.ts";
import { startPoller } from "./poller.ts";

/**
 * A background job (as documenso and Solid Queue define them): its definition (a name, how
 * often) and its handler. A feature defines its jobs; the composition root lists them all in
 * one place and starts them here, each on the one poller (background/poller.ts): run at once,
 * then `everyMs` after each run ends, never two runs of one job at once.
 */
export interface BackgroundJob {
  name: string;
  everyMs: number;
  /** One run. What it did is its own to log; a failure is logged here and the next run comes. */
  run(): Promise<void>;
}

export interface RunningJobs {
  /** Runs a job now (or right after the run in hand): tests, and work that cannot wait. */
  nudge(name: string): void;
  /** No run starts any more; resolves once the runs in hand have ended. */
  stop(): Promise<void>;
}

export function startJobs(jobs: readonly BackgroundJob[], logger: Logger): RunningJobs {
  const stopping = new AbortController();
  const names = new Set<string>();
  const pollers = new Map(
    jobs.map((job) => {
      if (names.has(job.name)) throw new Error(`two background jobs named ${job.name}`);
      names.add(job.name);
      const run = () =>
        job.run().catch((error) => {
          logger.warn({ job: job.name, err: errorSummary(error) }, "background job failed");
        });
      return [job.name, startPoller(run, { intervalMs: job.everyMs, signal: stopping.signal })];
    }),
  );
  return {
    nudge: (name) => pollers.get(name)?.nudge(),
    async stop() {
      stopping.abort();
      await Promise.all([...pollers.values()].map((poller) => poller.idle()));
    },
  };
}
