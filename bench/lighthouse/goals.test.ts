import { describe, expect, it } from "vitest";
import { goalChecks } from "./goals.ts";
import type { Page } from "./report.ts";
import type { Run } from "./run.ts";

/** A run with only what the goals read: LCP, TBT, the score, the longest task after paint. */
function run(lcp: number, tbt: number, performance: number, longest = 0): Run {
  return {
    fcp: lcp,
    lcp,
    tbt,
    cls: 0,
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    slowTasks: longest ? [{ ms: longest }] : [],
    host: { benchmarkIndex: 1000, load: 1 },
  } as unknown as Run;
}
const page = (label: string, runs: Run[]): Page => ({ label, runs });
const floor = page("floor", [run(640, 0, 100), run(630, 10, 100), run(650, 20, 100)]);
const peer = page("peer", [run(2850, 300, 85), run(2800, 350, 86), run(2900, 280, 90)]);

describe("goalChecks", () => {
  it("holds each page to issue 24's goals against the floor and the peer", () => {
    const home = page("/", [run(700, 20, 100), run(710, 40, 99), run(720, 30, 100)]);
    const form = page("/onboarding", [run(760, 90, 97, 30), run(770, 120, 99, 45)]);
    const checks = goalChecks([home, form], floor, peer);
    const met = (label: string, goal: string) =>
      checks.find((check) => check.page === label && check.goal.startsWith(goal))?.met;
    // `/`: TBT 30 = floor 10 + 20; LCP 710 = floor 640 + 70; 2850 / 710 = 4.01×.
    expect(met("/", "TBT")).toBe(true);
    expect(met("/", "LCP ≤")).toBe(true);
    expect(met("/", "performance")).toBe(true);
    expect(met("/", "LCP 4×")).toBe(true);
    // `/onboarding`: TBT 105 = floor + 95; longest 45 ms; performance 97 and 99.
    expect(met("/onboarding", "no task")).toBe(true);
    expect(met("/onboarding", "TBT")).toBe(true);
    expect(met("/onboarding", "performance")).toBe(true);
    expect(checks.filter((check) => check.page === "/onboarding")).toHaveLength(3);
  });

  it("says what misses, and by how much", () => {
    const home = page("/", [run(760, 80, 97), run(750, 60, 100)]);
    const form = page("/onboarding", [run(900, 200, 93, 60)]);
    const checks = goalChecks([home, form], floor, peer);
    expect(
      checks.filter((check) => !check.met).map(({ page, goal, value }) => [page, goal, value]),
    ).toEqual([
      ["/", "TBT ≤ floor + 30 ms", "floor + 60 ms"],
      ["/", "LCP ≤ floor + 100 ms", "floor + 115 ms"],
      ["/", "performance ≥ 98 in every run", "97/100"],
      ["/", "LCP 4× better than the peer", "3.77×"],
      ["/onboarding", "no task over 50 ms after the first paint", "60 ms"],
      ["/onboarding", "TBT ≤ floor + 100 ms", "floor + 190 ms"],
      ["/onboarding", "performance ≥ 95 in every run", "93"],
    ]);
  });

  it("leaves out what needs the floor or the peer when the batch has none", () => {
    const checks = goalChecks([page("/", [run(700, 20, 100)])]);
    expect(checks.map((check) => check.goal)).toEqual(["performance ≥ 98 in every run"]);
  });
});
