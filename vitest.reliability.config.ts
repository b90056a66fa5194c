import { defineConfig } from "vitest/config";
import { shareCompileCache } from "./tests/compile-cache.ts";
import { FiguresReporter } from "./tests/reliability/support/figures.ts";

// The reliability suite (`npm run test:reliability`): load, faults and hostile input against
// real servers in child processes, on loopback. It prints the figures of every scenario at the
// end and fails on any loss.
//
// The two drills that spend a minute waiting on a clock (the SMTP outage, the promise's
// reminders) start first, side by side with the ten concurrent 1 GiB uploads (upload-flood,
// ~85 s here: it wants the cores, they mostly wait); then the other files two at a time; then
// the load across two instances alone, which needs the two cores to itself.
const alone = ["tests/reliability/load.test.ts"];
const first = [
  "tests/reliability/smtp-outage.test.ts",
  "tests/reliability/promise.test.ts",
  "tests/reliability/upload-flood.test.ts",
];

shareCompileCache();

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ["default", new FiguresReporter()],
    projects: [
      {
        extends: true,
        test: { name: "first", include: first, maxWorkers: 3, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: "two at a time",
          include: ["tests/reliability/**/*.test.ts"],
          exclude: [...first, ...alone],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: "alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
