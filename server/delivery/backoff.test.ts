import { expect, it } from "vitest";
import { nextAttemptAt } from "./backoff.ts";

const delays = [30, 120, 600];

it("waits the n-th delay after the n-th failed attempt, ±20%", () => {
  const now = 1_000_000;
  expect(nextAttemptAt(1, delays, now, () => 0)).toBe(now + 24_000);
  expect(nextAttemptAt(1, delays, now, () => 0.5)).toBe(now + 30_000);
  expect(nextAttemptAt(1, delays, now, () => 0.999_999)).toBe(now + 36_000);
  expect(nextAttemptAt(2, delays, now, () => 0.5)).toBe(now + 120_000);
  expect(nextAttemptAt(3, delays, now, () => 0.5)).toBe(now + 600_000);
});

it("gives up once the delays are used up", () => {
  expect(nextAttemptAt(4, delays)).toBeNull();
});

it("spreads retries of deliveries that failed together", () => {
  const times = new Set(Array.from({ length: 50 }, () => nextAttemptAt(1, delays, 0)));
  expect(times.size).toBeGreaterThan(40);
  for (const time of times) {
    expect(time).toBeGreaterThanOrEqual(24_000);
    expect(time).toBeLessThanOrEqual(36_000);
  }
});
