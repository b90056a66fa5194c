/** The benches' clock: `runs` timed runs of `run` after `warmUps` untimed ones, sorted (ms). */
export async function time(
  run: () => Promise<unknown>,
  { runs, warmUps }: { runs: number; warmUps: number },
): Promise<number[]> {
  for (let i = 0; i < warmUps; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** The median of sorted times, as "12.3". */
export const median = (sorted: number[]) => (sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1);

/** The value at fraction `p` of sorted times, as "12.3". */
export const percentile = (sorted: number[], p: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1);
