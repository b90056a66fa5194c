import { printable } from "#app/shared/text.ts";

/** A plain text table: a header row, a rule, then the rows; cells cut at `maxWidth`. */
export function table(headers: string[], rows: string[][], maxWidth = 32): string {
  const cut = (cell: string) => {
    const text = printable(cell);
    return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
  };
  const cells = [headers, ...rows].map((row) => row.map(cut));
  const widths = headers.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const [head, ...body] = cells;
  return [line(head ?? []), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)]
    .join("\n")
    .concat("\n");
}
