import { stringify } from "csv-stringify/sync";
import { team } from "#app/content/team.ts";
import { fieldNames } from "#app/shared/schema.ts";
import type { Submission } from "../db/schema.ts";
import type { ExportedMessage } from "../db/submissions/export-pages.ts";

/**
 * Spreadsheet-safe cell: text that a spreadsheet would read as a formula (starting with
 * = + - @, or a tab or carriage return) gets a leading apostrophe, as OWASP recommends.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const exportColumns = [
  "id",
  "createdAt",
  ...fieldNames,
  "isSpam",
  "status",
  "owner",
  "dueAt",
  "firstResponseAt",
  "responseSeconds",
  "messages",
  "source",
  "medium",
  "campaign",
  "referrer",
  "landingPage",
] as const;

/**
 * An exported row: the application, its owner's address (null: unassigned), the number of
 * messages of its thread and, for the JSON export, those messages.
 */
export type Exported = Submission & {
  ownerEmail?: string | null;
  messageCount?: number;
  thread?: readonly ExportedMessage[];
};

const mailbox = (name: string, address: string) => (name ? `${name} <${address}>` : address);

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function exportRow(submission: Exported) {
  const answeredAt =
    submission.firstResponseAt === null ? null : Number(submission.firstResponseAt);
  return {
    ...Object.fromEntries(fieldNames.map((field) => [field, submission[field]])),
    id: submission.id,
    createdAt: new Date(Number(submission.createdAt)).toISOString(),
    isSpam: submission.isSpam === 1,
    status: submission.status,
    owner: submission.ownerEmail ?? null,
    dueAt: isoOrNull(submission.dueAt),
    firstResponseAt: isoOrNull(answeredAt),
    responseSeconds:
      answeredAt === null ? null : Math.round((answeredAt - Number(submission.createdAt)) / 1000),
    messages: submission.messageCount ?? submission.thread?.length ?? 0,
    // Where it came from (null: no visit was found for it).
    source: submission.visitSource,
    medium: submission.visitMedium,
    campaign: submission.visitCampaign,
    referrer: submission.visitReferrer,
    landingPage: submission.visitLandingPage,
    // The JSON export only (CSV stays one row per application, with the count above).
    ...(submission.thread ? { thread: submission.thread.map(exportedMessage) } : {}),
  };
}

/** One message of an application's thread as the JSON export writes it. */
export function exportedMessage(message: ExportedMessage) {
  return {
    direction: message.direction,
    time: new Date(Number(message.createdAt)).toISOString(),
    from: mailbox(message.fromName, message.fromAddress),
    to: message.toAddress,
    subject: message.subject,
    text: message.body,
  };
}

/**
 * What stands in the export for a row that could not be written (an application, with its
 * id; or a message of its thread): said in the file, and the log says why.
 */
export function notExported(id?: string) {
  return { ...(id === undefined ? {} : { id }), exportError: team.export.rowFailed };
}

/** CSV by csv-stringify: a header row, every cell neutralised. */
export function toCsv(submissions: Exported[]): string {
  return csvRows(submissions, true);
}

/** CSV lines of some submissions (with the header row first when `header`): a streamed export's part. */
export function csvRows(submissions: Exported[], header: boolean): string {
  return stringify(submissions.map(exportRow), {
    header,
    columns: [...exportColumns],
    cast: { string: neutralise, boolean: (value) => (value ? "true" : "false") },
  });
}

/** The CSV line of a row that could not be written: its id, and `status` says so. */
export function csvNotExported(id: string): string {
  return stringify([{ id, status: team.export.rowFailed }], {
    columns: [...exportColumns],
    cast: { string: neutralise },
  });
}

export function toJson(submissions: Exported[]): string {
  return `${JSON.stringify(submissions.map(exportRow), null, 2)}\n`;
}
