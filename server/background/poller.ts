/**
 * The delivery worker's clock (Solid Queue's poller): runs `run` at once, then `intervalMs`
 * after each run ends, or right away when nudged. Never two runs at once: a nudge during a run
 * makes one more run right after it. When `signal` aborts, no run starts any more; `idle()`
 * waits for the one in hand.
 */
export interface Poller {
  /** Run now (or right after the run in hand). */
  nudge(): void;
  /** Resolves once no run is in progress. */
  idle(): Promise<void>;
}

export function startPoller(
  run: () => Promise<void>,
  options: { intervalMs: number; signal: AbortSignal },
): Poller {
  const { intervalMs, signal } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  signal.addEventListener("abort", () => clearTimeout(timer), { once: true });

  function trigger() {
    if (signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = run().finally(() => {
      running = undefined;
      if (signal.aborted) return;
      if (again) {
        again = false;
        trigger();
      } else {
        timer = setTimeout(trigger, intervalMs);
        timer.unref();
      }
    });
  }

  trigger();
  return {
    nudge: trigger,
    async idle() {
      await running;
    },
  };
}
