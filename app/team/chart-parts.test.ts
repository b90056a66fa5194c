import { describe, expect, it } from "vitest";
import { withThousands } from "~/shared/text";
import { countTicks } from "./chart-parts";

describe("the charts' axes", () => {
  it("tick counts in steps of 1, 2 or 5 × 10^n up to at least the maximum", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(219)).toEqual([0, 100, 200, 300]);
    expect(countTicks(1276)).toEqual([0, 500, 1000, 1500]);
    // Never a fraction of a person.
    expect(countTicks(2).every(Number.isInteger)).toBe(true);
  });

  it("writes counts with thousands separators", () => {
    expect(withThousands(0)).toBe("0");
    expect(withThousands(999)).toBe("999");
    expect(withThousands(1276)).toBe("1,276");
    expect(withThousands(1234567)).toBe("1,234,567");
  });
});
