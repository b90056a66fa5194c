import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** The collector, exposed for the memory tests (Buffers no longer referenced are not counted). */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const collect = () => {
  gc();
  gc();
};

/**
 * The largest growth of the memory Buffers hold (`arrayBuffers`) over its value before, while
 * `work` runs: sampled every 250 ms right after collecting twice (the second lets the first's
 * freeing of Buffers' memory finish), so it counts what is held (live), not garbage.
 */
export async function peakBufferGrowth(work: () => Promise<unknown>): Promise<number> {
  collect();
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const sample = () => {
    collect();
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  };
  const timer = setInterval(sample, 250);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak - before;
}
