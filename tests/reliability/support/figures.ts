import type { Reporter, TestModule } from "vitest/node";

/** One figure of a scenario: its value and, when it has one, the rule it must meet. */
export interface Figure {
  name: string;
  value: number | string | boolean;
  must?: string;
}

export interface ScenarioFigures {
  /** Sorts the table: the scenario number, then a sub-order. */
  order: number;
  scenario: string;
  figures: Figure[];
}

declare module "vitest" {
  interface TaskMeta {
    figures?: ScenarioFigures;
  }
}

/** Attaches a scenario's figures to its test; the reporter prints them all at the end. */
export function recordFigures(
  task: { meta: { figures?: ScenarioFigures } },
  figures: ScenarioFigures,
): void {
  task.meta.figures = figures;
}

/** Counts as a figure's value: `what×n` for each, in the order given ("200×3 429×1"). */
export function formatCounts(
  counts: Iterable<readonly [string | number, number]>,
  separator = " ",
) {
  return Array.from(counts, ([what, n]) => `${what}×${n}`).join(separator);
}

const format = (value: Figure["value"]) =>
  typeof value === "number" ? value.toLocaleString("en-US") : String(value);

/** The table of every scenario's figures, whether its test passed or failed. */
export function figuresTable(rows: { figures: ScenarioFigures; result: string }[]): string {
  const lines: string[][] = [["Scenario", "Figure", "Value", "Must", "Test"]];
  for (const { figures, result } of rows.sort((a, b) => a.figures.order - b.figures.order)) {
    figures.figures.forEach((figure, index) => {
      lines.push([
        index === 0 ? figures.scenario : "",
        figure.name,
        format(figure.value),
        figure.must ?? "",
        index === 0 ? result : "",
      ]);
    });
  }
  const wrapped = lines.flatMap(wrapRow);
  const widths = wrapped[0]?.map((_, column) =>
    Math.max(...wrapped.map((line) => (line[column] ?? "").length)),
  );
  const render = (line: string[]) =>
    `| ${line.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join(" | ")} |`;
  const rule = `|${widths?.map((width) => "-".repeat(width + 2)).join("|")}|`;
  const [header, ...body] = wrapped.map(render);
  return [header, rule, ...body].join("\n");
}

const maxCell = 64;

/** Splits the long cells of a row at spaces onto continuation lines. */
function wrapRow(cells: string[]): string[][] {
  const pieces = cells.map((cell) => {
    const parts: string[] = [];
    let rest = cell;
    while (rest.length > maxCell) {
      const cut = rest.lastIndexOf(" ", maxCell);
      const at = cut > 0 ? cut : maxCell;
      parts.push(rest.slice(0, at));
      rest = rest.slice(at).trimStart();
    }
    parts.push(rest);
    return parts;
  });
  const height = Math.max(...pieces.map((parts) => parts.length));
  return Array.from({ length: height }, (_, line) => pieces.map((parts) => parts[line] ?? ""));
}

/** Vitest reporter: after the run, prints the figures every test recorded. */
export class FiguresReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows: { figures: ScenarioFigures; result: string }[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const figures = test.meta().figures;
        if (figures) rows.push({ figures, result: test.result().state });
      }
    }
    if (rows.length === 0) return;
    process.stdout.write(`\nReliability figures\n\n${figuresTable(rows)}\n\n`);
  }
}
