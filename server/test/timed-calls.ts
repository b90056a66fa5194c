import { sleep } from "./wait.ts";

export interface TimedCall<T> {
  item: T;
  start: number;
  /** Unset while the call runs. */
  end?: number;
}

/**
 * A stand-in for slow work (a send, a poll): each call takes `ms` and is recorded with its start
 * and end (performance.now()), along with the most calls that ran at once.
 */
export function timedCalls<T = undefined>(ms: number) {
  const calls: TimedCall<T>[] = [];
  let active = 0;
  let maxActive = 0;
  return {
    calls,
    maxActive: () => maxActive,
    async call(item: T) {
      active += 1;
      maxActive = Math.max(maxActive, active);
      const entry: TimedCall<T> = { item, start: performance.now() };
      calls.push(entry);
      await sleep(ms);
      entry.end = performance.now();
      active -= 1;
    },
  };
}
