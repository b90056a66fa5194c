import { describe, expect, it } from "vitest";
import { within } from "./within.ts";

describe("within", () => {
  it("gives the work's result when it settles in time", async () => {
    expect(await within(Promise.resolve(42), 1000)).toBe(42);
  });

  it('gives "late" when the work takes longer, without waiting for it', async () => {
    const started = performance.now();
    expect(await within(new Promise(() => {}), 20)).toBe("late");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("passes the work's rejection on", async () => {
    await expect(within(Promise.reject(new Error("down")), 1000)).rejects.toThrow("down");
  });
});
