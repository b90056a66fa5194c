/**
 * Ages on the team's pages ("3 hr. ago"), relative to the `now` the loader sent along, the same
 * on the server and in the browser (so hydration matches). Moments: moment.tsx.
 */

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "short" });

export function age(ms: number, now: number): string {
  const elapsed = Math.max(0, now - ms);
  for (const [unit, size] of units) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return "just now";
}
