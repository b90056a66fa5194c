import { stringify } from "csv-stringify/sync";
import { fieldNames } from "#app/shared/schema.ts";
import type { Submission } from "../db/schema.ts";

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
