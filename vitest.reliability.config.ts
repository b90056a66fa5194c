import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { shareCompileCache } from "./tests/compile-cache.ts";
import { FiguresReporter } from "./tests/reliability/support/figures.ts";

// The reliability suite (`npm run test:reliability`): load, faults and hostile input against
// real servers in child processes, on loopback. It prints the figures of every scenario at the
// end and fails on any loss.
//
// Two files at a time, then the load across two instances and the ten concurrent 1 GiB uploads
// alone, one after the other: each needs the two cores to itself (upload-flood: ~85 s here). The two drills that spend a minute waiting on a clock (the SMTP outage, the promise's
// reminders) start first, side by side; the others follow as a worker comes free. On this host,
// 535 s one at a time (CI), 414 s so.
const alone = ["tests/reliability/load.test.ts", "tests/reliability/upload-flood.test.ts"];
const first = ["smtp-outage.test.ts", "promise.test.ts"];

/** The clock-bound drills first; the rest in the order of the base sequencer. */
class WaitersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = first.indexOf(path.basename(file.moduleId));
      return index === -1 ? first.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

shareCompileCache();

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ["default", new FiguresReporter()],
    sequence: { sequencer: WaitersFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "two at a time",
          include: ["tests/reliability/**/*.test.ts"],
          exclude: alone,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
