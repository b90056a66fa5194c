import { readFile } from "node:fs/promises";
import { sleep } from "../../../server/test/wait.ts";

/** Resident memory of a process, in whole MB (Linux's /proc); 0 once it cannot be read. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Samples a process's resident memory every 25 ms from now on; `stop()` ends the sampling and
 * resolves with the highest seen, `from` at the least (MB).
 */
export function sampleRssPeak(pid: number, from: number) {
  let peak = from;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(pid));
      await sleep(25);
    }
  })();
  return {
    stop: async () => {
      sampling = false;
      await sampler;
      return peak;
    },
  };
}
