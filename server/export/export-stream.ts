import type { ExportedMessage } from "../db/applications/export-pages.ts";
import {
  csvNotExported,
  csvRows,
  type Exported,
  exportedMessage,
  exportRow,
  notExported,
} from "./export-format.ts";

/** The last row of a page: where the next one starts (keyset on created_at, id). */
export type ExportCursor = { createdAt: number; id: string };

/** Reads the page after `after` (the first page without it), at most `pageSize` rows. */
export type ExportPageReader = (after: ExportCursor | undefined) => Promise<Exported[]>;

/**
 * The messages of a page's applications, whole, in the page's order then each thread's,
 * read a bounded amount at a time (the JSON export writes them one by one).
 */
export type ExportMessageReader = (
  rows: readonly Exported[],
) => AsyncIterable<ExportedMessage & { applicationId: string }>;

/** Told of each row (an application or one of its messages) that could not be written. */
export type RowFailure = (failure: {
  applicationId: string;
  message?: number;
  error: unknown;
}) => void;

export interface ExportSource {
  readPage: ExportPageReader;
  /** The JSON export's messages; absent: none (`thread` left out). */
  readMessages?: ExportMessageReader;
  pageSize: number;
  /** Each row that could not be written; the export goes on with the next (default: nothing). */
  onRowFailed?: RowFailure;
}

/** What the stream hands on at once, at least (small rows are gathered up to this). */
const chunkChars = 64 * 1024;

const indent = (text: string, spaces: string) => text.replace(/^/gm, spaces);

/**
 * Applications as CSV or JSON, oldest first, with the export's columns and formula
 * neutralising (export-format.ts): the team's Export and the CLI's `export` alike. Streamed
 * row by row: a page of `pageSize` applications is read, then written an application at a
 * time, and in the JSON export each application's messages one by one as they are read (a
 * thread of 2,100 messages of 256 KB is never one string). A row that cannot be written (an
 * application, or a message of its thread) is written as `notExported` says, `onRowFailed`
 * is told, and the export goes on: one bad row never fails the rest. The chunks are handed on
 * as the reader asks for them, so a slow reader holds the reading back.
 */
export function exportStream(
  source: ExportSource,
  format: "csv" | "json",
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = gathered(format === "csv" ? csvChunks(source) : jsonChunks(source));
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Small pieces gathered up to `chunkChars`; a large one handed on as it is. */
async function* gathered(pieces: AsyncGenerator<string>): AsyncGenerator<string> {
  let buffer = "";
  for await (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= chunkChars) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer) yield buffer;
}

/** Every page of applications, oldest first (a page shorter than `pageSize` is the last). */
async function* pagesOf(source: ExportSource): AsyncGenerator<Exported[]> {
  let after: ExportCursor | undefined;
  for (;;) {
    const rows = await source.readPage(after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < source.pageSize) return;
    after = { createdAt: Number(last.createdAt), id: last.id };
  }
}

async function* csvChunks(source: ExportSource): AsyncGenerator<string> {
  yield csvRows([], true);
  for await (const rows of pagesOf(source)) {
    let page: string | undefined;
    try {
      page = csvRows(rows, false);
    } catch {
      // Some row of the page cannot be written: the page row by row, to find it.
    }
    if (page !== undefined) {
      yield page;
      continue;
    }
    for (const row of rows) {
      try {
        yield csvRows([row], false);
      } catch (error) {
        source.onRowFailed?.({ applicationId: row.id, error });
        yield csvNotExported(row.id);
      }
    }
  }
}

async function* jsonChunks(source: ExportSource): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const rows of pagesOf(source)) {
    const messages = source.readMessages?.(rows)[Symbol.asyncIterator]();
    let pending = messages ? await messages.next() : undefined;
    for (const row of rows) {
      yield first ? "\n" : ",\n";
      first = false;
      let head: string;
      try {
        head = JSON.stringify(exportRow({ ...row, thread: undefined }), null, 2);
      } catch (error) {
        source.onRowFailed?.({ applicationId: row.id, error });
        head = JSON.stringify(notExported(row.id), null, 2);
      }
      if (!messages) {
        yield indent(head, "  ");
        continue;
      }
      // The row without its closing brace, then its thread, message by message.
      yield indent(`${head.slice(0, -2)},\n  "thread": [`, "  ");
      let index = 0;
      while (pending && !pending.done && pending.value.applicationId === row.id) {
        const message = pending.value;
        let text: string;
        try {
          text = JSON.stringify(exportedMessage(message), null, 2);
        } catch (error) {
          source.onRowFailed?.({ applicationId: row.id, message: index, error });
          text = JSON.stringify(notExported(), null, 2);
        }
        yield `${index === 0 ? "\n" : ",\n"}${indent(text, "      ")}`;
        index += 1;
        pending = await messages.next();
      }
      yield index === 0 ? "]\n  }" : "\n    ]\n  }";
    }
    // Messages of applications not in this page (none: they are read by its ids) are dropped.
    await messages?.return?.(undefined);
  }
  yield first ? "]\n" : "\n]\n";
}
