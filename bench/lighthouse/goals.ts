import { figures, type Page } from "./report.ts";

/** One of issue 24's goals for one page, as this batch measured it. */
export interface GoalCheck {
  page: string;
  goal: string;
  value: string;
  met: boolean;
}

const questionnaire = "/onboarding";

/**
 * Issue 24's goals (decision 0027), each against the floor and the peer of the same batch:
 * `/onboarding` with no task over 50 ms after the first paint, TBT at most the floor's + 100 ms
 * and performance ≥ 95 in every run; every other page of ours with TBT at most the floor's
 * + 30 ms, LCP at most the floor's + 100 ms and performance ≥ 98 in every run; `/` with an LCP
 * at least 4× better than the peer's. A goal that needs the floor or the peer is left out
 * without it.
 */
export function goalChecks(ours: Page[], floor?: Page, peer?: Page): GoalCheck[] {
  const base = floor ? figures(floor) : undefined;
  const checks: GoalCheck[] = [];
  for (const page of ours) {
    const f = figures(page);
    const add = (goal: string, value: string, met: boolean) =>
      checks.push({ page: page.label, goal, value, met });
    const scores = page.runs.map((run) => run.scores.performance ?? 0);
    const slack = page.label === questionnaire ? { tbt: 100, perf: 95 } : { tbt: 30, perf: 98 };
    if (page.label === questionnaire) {
      const longest = Math.max(...f.longest);
      add("no task over 50 ms after the first paint", `${Math.round(longest)} ms`, longest <= 50);
    }
    if (base) {
      const over = f.tbt - base.tbt;
      add(`TBT ≤ floor + ${slack.tbt} ms`, `floor + ${Math.round(over)} ms`, over <= slack.tbt);
    }
    if (base && page.label !== questionnaire) {
      const over = f.lcp - base.lcp;
      add("LCP ≤ floor + 100 ms", `floor + ${Math.round(over)} ms`, over <= 100);
    }
    add(
      `performance ≥ ${slack.perf} in every run`,
      scores.join("/"),
      scores.every((score) => score >= slack.perf),
    );
    if (peer && page.label === "/") {
      const lead = figures(peer).lcp / f.lcp;
      add("LCP 4× better than the peer", `${lead.toFixed(2)}×`, lead >= 4);
    }
  }
  return checks;
}

/** The checks as a table, and how many were met. */
export function goalsTable(checks: GoalCheck[]) {
  if (!checks.length) return;
  console.table(checks.map((check) => ({ ...check, met: check.met ? "yes" : "NO" })));
  console.log(`goals met: ${checks.filter((check) => check.met).length} of ${checks.length}`);
}
