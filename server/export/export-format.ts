import { stringify } from "csv-stringify/sync";
import { team } from "#app/content/team.ts";
import { fieldNames } from "#app/shared/schema.ts";
import type { ExportedMessage } from "../db/applications/export-pages.ts";
import type { Application } from "../db/schema.ts";

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
export type Exported = Application & {
  ownerEmail?: string | null;
  messageCount?: number;
  thread?: readonly ExportedMessage[];
};

const mailbox = (name: string, address: string) => (name ? `${name} <${address}>` : address);

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function exportRow(application: Exported) {
  const answeredAt =
    application.firstResponseAt === null ? null : Number(application.firstResponseAt);
  return {
    ...Object.fromEntries(fieldNames.map((field) => [field, application[field]])),
    id: application.id,
    createdAt: new Date(Number(application.createdAt)).toISOString(),
    isSpam: application.isSpam === 1,
    status: application.status,
    owner: application.ownerEmail ?? null,
    dueAt: isoOrNull(application.dueAt),
    firstResponseAt: isoOrNull(answeredAt),
    responseSeconds:
      answeredAt === null ? null : Math.round((answeredAt - Number(application.createdAt)) / 1000),
    messages: application.messageCount ?? application.thread?.length ?? 0,
    // Where it came from (null: no visit was found for it).
    source: application.visitSource,
    medium: application.visitMedium,
    campaign: application.visitCampaign,
    referrer: application.visitReferrer,
    landingPage: application.visitLandingPage,
    // The JSON export only (CSV stays one row per application, with the count above).
    ...(application.thread ? { thread: application.thread.map(exportedMessage) } : {}),
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
export function toCsv(applications: Exported[]): string {
  return csvRows(applications, true);
}

/** CSV lines of some applications (with the header row first when `header`): a streamed export's part. */
export function csvRows(applications: Exported[], header: boolean): string {
  return stringify(applications.map(exportRow), {
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

export function toJson(applications: Exported[]): string {
  return `${JSON.stringify(applications.map(exportRow), null, 2)}\n`;
}
