import { describe, expect, it } from "vitest";
import { hostLine, hostSpread } from "./host.ts";

describe("hostSpread", () => {
  it("flags a batch whose benchmarkIndex moved by more than 30 %", () => {
    const spread = hostSpread([
      { benchmarkIndex: 1000, load: 0.5 },
      { benchmarkIndex: 1400, load: 2.5 },
    ]);
    expect(spread).toMatchObject({ min: 1000, max: 1400, varied: true });
    expect(spread?.spread).toBeCloseTo(0.4);
  });

  it("passes a steady batch and ignores runs without an index", () => {
    const samples = [
      { benchmarkIndex: 1000, load: 0.5 },
      { benchmarkIndex: 1250, load: 0.7 },
      { benchmarkIndex: Number.NaN, load: 0.6 },
    ];
    expect(hostSpread(samples)?.varied).toBe(false);
    expect(hostLine(samples)).toBe(
      "benchmarkIndex 1000–1250 over 3 runs (+25 %), load average 0.5–0.7",
    );
  });

  it("says so when no run reported an index", () => {
    expect(hostSpread([{ benchmarkIndex: Number.NaN, load: 1 }])).toBeUndefined();
    expect(hostLine([])).toBe("benchmarkIndex: not reported");
  });
});
