import { expect, it } from "vitest";
import { chunkBytes, chunkTargetMs, nextChunkBytes } from "./upload-chunks";

const MiB = 1024 * 1024;

it("sizes the next PATCH to take about 3 s at the last one's speed, in whole MiB", () => {
  // 8 MiB in 1.5 s: 16 MiB would take the 3 s.
  expect(nextChunkBytes(8 * MiB, chunkTargetMs / 2)).toBe(16 * MiB);
  // 16 MiB in 2 s: 24 MiB.
  expect(nextChunkBytes(16 * MiB, 2000)).toBe(24 * MiB);
});

it("never goes under 8 MiB on a slow link, nor over 64 MiB on a fast one", () => {
  // A phone: 8 MiB in 40 s.
  expect(nextChunkBytes(8 * MiB, 40_000)).toBe(chunkBytes.min);
  // Loopback: 64 MiB in 0.2 s.
  expect(nextChunkBytes(64 * MiB, 200)).toBe(chunkBytes.max);
  expect(nextChunkBytes(64 * MiB, 0)).toBe(chunkBytes.max);
});

it("grows at most fourfold a step (one fast PATCH is not a fast link)", () => {
  expect(nextChunkBytes(8 * MiB, 50)).toBe(32 * MiB);
  expect(nextChunkBytes(32 * MiB, 100)).toBe(64 * MiB);
});
