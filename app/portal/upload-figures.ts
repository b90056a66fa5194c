import { portal } from "~/content/portal";
import { fill } from "~/shared/text";

const copy = portal.client.request;

/** A size in words: "812 B", "4.2 MB", "1.35 GB" (decimal units, as devices show file sizes). */
export function sizeText(bytes: number): string {
  const { units } = copy;
  if (bytes < 1000) return fill(units.b, { n: bytes });
  const [unit, scale] =
    bytes < 1e6
      ? ([units.kb, 1e3] as const)
      : bytes < 1e9
        ? ([units.mb, 1e6] as const)
        : ([units.gb, 1e9] as const);
  const value = bytes / scale;
  return fill(unit, {
    n: value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value),
  });
}

/** A duration in words, rounded up: "8 s", "3 min", "1 h 5 min". */
export function durationText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return fill(copy.time.seconds, { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return fill(copy.time.minutes, { n: minutes });
  return fill(copy.time.hours, { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** Whole per cent of `part` in `whole`, never 100 before the end. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  if (part >= whole) return 100;
  return Math.min(99, Math.floor((part / whole) * 100));
}

/** How far back the speed is measured: long enough to smooth chunks, short enough to follow a change. */
export const speedWindowMs = 5000;

/**
 * The speed of an upload over its last `speedWindowMs` and the time left at that speed, from
 * the samples it is fed (time, bytes sent): nothing until two samples a quarter second apart.
 */
export function speedMeter() {
  let samples: { at: number; bytes: number }[] = [];
  return {
    /** Forgets the past (after a pause: the time paused is no upload's speed). */
    reset() {
      samples = [];
    },
    add(at: number, bytes: number) {
      samples.push({ at, bytes });
      while (samples.length > 2 && (samples[0]?.at ?? at) < at - speedWindowMs) samples.shift();
    },
    /** Bytes a second and ms left for `total`, or undefined while there is too little to say. */
    estimate(total: number): { bytesPerSecond: number; msLeft: number } | undefined {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at - first.at < 250 || last.bytes <= first.bytes) {
        return undefined;
      }
      const bytesPerSecond = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
      return { bytesPerSecond, msLeft: ((total - last.bytes) / bytesPerSecond) * 1000 };
    },
  };
}
