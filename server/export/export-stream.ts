import { csvRows, type Exported, exportRow } from "./export-format.ts";

/** The last row of a page: where the next one starts (keyset on created_at, id). */
export type ExportCursor = { createdAt: number; id: string };

/** Reads the page after `after` (the first page without it), at most `pageSize` rows. */
export type ExportPageReader = (after: ExportCursor | undefined) => Promise<Exported[]>;

const jsonRow = (submission: Exported) =>
  JSON.stringify(exportRow(submission), null, 2).replace(/^/gm, "  ");

/**
 * Applications as CSV or JSON, oldest first, with the export's columns and formula
 * neutralising (export-format.ts): the team's Export and the CLI's `export` alike. Streamed:
 * each page of `pageSize` rows is written before the next is read, so 100,000 applications
 * never sit in memory together. A page shorter than `pageSize` is the last.
 */
export function exportStream(
  readPage: ExportPageReader,
  format: "csv" | "json",
  pageSize: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: ExportCursor | undefined;
  let first = true;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      const rows = await readPage(after);
      const last = rows.at(-1);
      if (last) after = { createdAt: Number(last.createdAt), id: last.id };
      const end = rows.length < pageSize;
      let text: string;
      if (format === "csv") {
        text = rows.length > 0 || first ? csvRows(rows, first) : "";
      } else {
        const body = rows.map(jsonRow).join(",\n");
        if (first && end && rows.length === 0) text = "[]\n";
        else text = `${first ? "[\n" : body ? ",\n" : ""}${body}${end ? "\n]\n" : ""}`;
      }
      first = false;
      if (text) controller.enqueue(encoder.encode(text));
      if (end) {
        done = true;
        controller.close();
      }
    },
  });
}
