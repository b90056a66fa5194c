/**
 * Group commit: what arrives while one write runs is written together by the next one.
 *
 * With `synchronous=FULL` every commit waits for an fsync, so one transaction per request
 * caps throughput at the disk's fsync rate. Here concurrent requests queue up; a flush starts
 * on the next turn of the event loop (setImmediate, after pending I/O such as other request
 * bodies) or as soon as the running flush ends, and writes the whole queue in one transaction.
 * Each caller's promise settles only after the commit that contains its item.
 *
 * The queue is bounded: with `maxWaiting` items queued or being written, `submit` refuses at
 * once (QueueFullError) instead of holding more requests, and their memory, for a database
 * that is not keeping up.
 */
export interface GroupCommitter<Item, Result> {
  submit(item: Item): Promise<Result>;
  /** Resolves when nothing is queued or being written. */
  drain(): Promise<void>;
  /** Items queued or being written now. */
  waiting(): number;
  /** True when `submit` would be refused now (maxWaiting reached). */
  full(): boolean;
  /** True while applications pour in: at least `busyRate` written in the last one to two seconds. */
  busy(): boolean;
}

/** `submit` refused: `maxWaiting` items already wait for a commit. Nothing was queued. */
export class QueueFullError extends Error {
  constructor(maxWaiting: number) {
    super(`${maxWaiting} submissions already wait for a commit`);
    this.name = "QueueFullError";
  }
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommitter<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  options: {
    maxBatch?: number;
    /** Items queued or being written at most (default: unbounded). */
    maxWaiting?: number;
    busyRate?: number;
    /**
     * True for an error caused by one item's data (a constraint, a byte the database refuses):
     * the batch is then written again one item at a time, so only the culprit fails. Any other
     * error (the database unreachable) fails the whole batch at once.
     */
    isItemError?: (error: unknown) => boolean;
  } = {},
): GroupCommitter<Item, Result> {
  const maxBatch = options.maxBatch ?? 500;
  const busyRate = options.busyRate ?? 50;
  const maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  let queue: Waiting<Item, Result>[] = [];
  /** Items of the write in progress. */
  let writing = 0;
  let scheduled = false;
  let flushing: Promise<void> | undefined;
  // Items written in the current one-second window and in the one before.
  let windowStart = 0;
  let windowCount = 0;
  let previousCount = 0;
  function count(items: number) {
    const now = performance.now();
    if (now - windowStart >= 1000) {
      previousCount = now - windowStart < 2000 ? windowCount : 0;
      windowStart = now;
      windowCount = 0;
    }
    windowCount += items;
  }

  function schedule() {
    if (scheduled || flushing || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flushing = flush().finally(() => {
        flushing = undefined;
        schedule();
      });
    });
  }

  async function flush() {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    writing = batch.length;
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        waiting.resolve(results[index] as Result);
      });
    } catch (error) {
      if (batch.length > 1 && options.isItemError?.(error)) await writeOneByOne(batch);
      else for (const waiting of batch) waiting.reject(error);
    }
    writing = 0;
    count(batch.length);
  }

  async function writeOneByOne(batch: Waiting<Item, Result>[]) {
    for (const waiting of batch) {
      try {
        const [result] = await write([waiting.item]);
        waiting.resolve(result as Result);
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  return {
    submit(item) {
      if (queue.length + writing >= maxWaiting)
        return Promise.reject(new QueueFullError(maxWaiting));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    waiting: () => queue.length + writing,
    full: () => queue.length + writing >= maxWaiting,
    busy() {
      count(0);
      return windowCount + previousCount >= busyRate;
    },
    async drain() {
      while (flushing || scheduled || queue.length > 0) {
        await (flushing ?? new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}
