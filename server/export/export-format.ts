import { stringify } from "csv-stringify/sync";
import { fieldNames } from "#app/shared/schema.ts";
import { printable } from "#app/shared/text.ts";
import type { Submission } from "../db/schema.ts";

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

/**
 * Spreadsheet-safe cell: text that a spreadsheet would read as a formula (starting with
 * = + - @, or a tab or carriage return) gets a leading apostrophe, as OWASP recommends.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const exportColumns = ["id", "createdAt", ...fieldNames, "isSpam"] as const;

export function exportRow(submission: Submission) {
  return {
    ...Object.fromEntries(fieldNames.map((field) => [field, submission[field]])),
    id: submission.id,
    createdAt: new Date(submission.createdAt).toISOString(),
    isSpam: submission.isSpam === 1,
  };
}

/** CSV by csv-stringify: a header row, every cell neutralised. */
export function toCsv(submissions: Submission[]): string {
  return csvRows(submissions, true);
}

/** CSV lines of some submissions (with the header row first when `header`): a streamed export's part. */
export function csvRows(submissions: Submission[], header: boolean): string {
  return stringify(submissions.map(exportRow), {
    header,
    columns: [...exportColumns],
    cast: { string: neutralise, boolean: (value) => (value ? "true" : "false") },
  });
}

export function toJson(submissions: Submission[]): string {
  return `${JSON.stringify(submissions.map(exportRow), null, 2)}\n`;
}
