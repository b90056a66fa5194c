/**
 * How fast the host was during a batch. Lighthouse times a small JavaScript loop before each run
 * (`environment.benchmarkIndex`: higher is faster) and multiplies what the main thread did by 4,
 * so a slower or busier host shows what a slower phone feels. A batch whose index moved a lot
 * compared runs made on what were, in effect, different machines.
 */
export interface HostSample {
  /** Lighthouse's benchmarkIndex of the run (NaN when the report had none). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
}

/** More than this between the slowest and the fastest run of a batch: the batch is flagged. */
export const maxSpread = 0.3;

/** The index's range over a batch, and whether the fastest run was > 30 % above the slowest. */
export function hostSpread(samples: HostSample[]) {
  const indexes = samples.map((s) => s.benchmarkIndex).filter((i) => Number.isFinite(i) && i > 0);
  const loads = samples.map((s) => s.load).filter(Number.isFinite);
  if (!indexes.length) return undefined;
  const min = Math.min(...indexes);
  const max = Math.max(...indexes);
  const spread = max / min - 1;
  return {
    min,
    max,
    spread,
    varied: spread > maxSpread,
    load: { min: Math.min(...loads), max: Math.max(...loads) },
  };
}

/** One line for the summary: the index's range and, past 30 %, a warning. */
export function hostLine(samples: HostSample[]): string {
  const range = hostSpread(samples);
  if (!range) return "benchmarkIndex: not reported";
  const { min, max, spread, varied, load } = range;
  const line =
    `benchmarkIndex ${Math.round(min)}–${Math.round(max)} over ${samples.length} runs ` +
    `(+${Math.round(spread * 100)} %), load average ${load.min.toFixed(1)}–${load.max.toFixed(1)}`;
  return varied
    ? `${line}\n⚠ the host's speed varied by more than ${maxSpread * 100} % in this batch: ` +
        "its runs were made on different machines, in effect; compare them with care"
    : line;
}
