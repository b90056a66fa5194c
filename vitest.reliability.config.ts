import { defineConfig } from "vitest/config";
import { FiguresReporter } from "./tests/reliability/support/figures.ts";

// The reliability suite (`npm run test:reliability`): load, faults and hostile input against
// real servers in child processes, on loopback. One file at a time: each load needs the two
// cores to itself. It prints the figures of every scenario at the end and fails on any loss.
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ["default", new FiguresReporter()],
  },
});
