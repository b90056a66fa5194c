/**
 * The delivery worker's parallel sends (Solid Queue's pool): up to `concurrency` lanes, each
 * working through a batch one item at a time, that give way while applications pour in.
 *
 * Rendering an email and recording its outcome run on the event loop that answers visitors.
 * While `busy()` says applications are arriving, the lanes take turns (one item at a time), each
 * followed by a pause of nine times its duration: deliveries get at most a tenth of the time,
 * and the backlog goes out at full speed once the rush is over. Otherwise a lane only yields a
 * turn. When `signal` aborts, pauses end at once and the lanes finish the item in hand only.
 */
export interface SendPool {
  /**
   * Works through `items` in order; an item is started only while `inTime(item)` holds.
   * Resolves with the items not started (stopped, or out of time), to be handed back.
   */
  run<T>(
    items: readonly T[],
    work: (item: T) => Promise<void>,
    inTime: (item: T) => boolean,
  ): Promise<T[]>;
}

/** The longest pause after one item while busy (ms). */
const maxPauseMs = 2000;

export function createSendPool(options: {
  concurrency: number;
  signal: AbortSignal;
  /** True while applications are arriving: the lanes then take turns and pause. */
  busy?: () => boolean;
}): SendPool {
  const { concurrency, signal } = options;
  /** The lane whose turn it is ends it by resolving this; the next one waits for it. */
  let turn: Promise<void> = Promise.resolve();
  /** Pauses in progress, ended early when `signal` aborts. */
  const wakers = new Set<() => void>();
  signal.addEventListener("abort", () => {
    for (const wake of wakers) wake();
  });

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      if (ms <= 0 || signal.aborted) {
        setImmediate(resolve);
        return;
      }
      const timeout = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timeout);
        wakers.delete(finish);
        resolve();
      }
      wakers.add(finish);
    });
  }

  return {
    async run(items, work, inTime) {
      const queue = [...items];
      const lane = async () => {
        while (!signal.aborted) {
          const busy = options.busy?.() ?? false;
          let endTurn = () => {};
          if (busy) {
            const previous = turn;
            turn = new Promise((resolve) => {
              endTurn = resolve;
            });
            await previous;
          }
          try {
            const item = queue[0];
            if (signal.aborted || item === undefined || !inTime(item)) return;
            queue.shift();
            const started = performance.now();
            await work(item);
            await pause(busy ? Math.min(maxPauseMs, 9 * (performance.now() - started)) : 0);
          } finally {
            endTurn();
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
      return queue;
    },
  };
}
