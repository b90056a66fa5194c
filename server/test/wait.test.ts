import { describe, expect, it } from "vitest";
import { waitFor } from "./wait.ts";

describe("waitFor", () => {
  it("waits while the list it is given is empty, and returns it once it is not", async () => {
    const lines: string[] = [];
    setTimeout(() => lines.push("the line"), 30);
    const found = await waitFor(() => lines.filter((line) => line === "the line"), {
      intervalMs: 5,
    });
    expect(found).toEqual(["the line"]);
  });

  it("throws when the list stays empty past the time given", async () => {
    await expect(
      waitFor(() => [], { timeoutMs: 20, intervalMs: 5, what: "a line" }),
    ).rejects.toThrow("timed out after 20 ms waiting for a line");
  });
});
