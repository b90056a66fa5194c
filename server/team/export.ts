import type { InboxQuery } from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Submission } from "../db/schema.ts";
import { csvRows, exportRow } from "../export/export-format.ts";
import { filtered, planSearch, type SearchPlan } from "./inbox-queries.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** Rows read per query: what an export holds in memory at once. */
export const exportPageSize = 500;

/**
 * The applications of an inbox filter as CSV or JSON, oldest first, with the columns, the
 * formula neutralising and the layout of the CLI's `export` (server/cli/format.ts). Streamed:
 * read `exportPageSize` rows at a time (keyset on created_at, id), each page written before the
 * next is read, so 100,000 applications never sit in memory together.
 */
export function exportStream(
  handle: Handle,
  query: InboxQuery,
  format: "csv" | "json",
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: number; id: string } | undefined;
  let first = true;
  let done = false;

  let search: SearchPlan | undefined;

  async function nextPage(): Promise<Submission[]> {
    search ??= await planSearch(handle, query.q);
    let select = filtered(
      handle,
      { ...query, before: undefined },
      handle.db.selectFrom("submissions").selectAll(),
      search,
    );
    if (after) {
      const { createdAt, id } = after;
      select = select.where((eb) =>
        eb(eb.refTuple("createdAt", "id"), ">", eb.tuple(createdAt, id)),
      );
    }
    return select.orderBy("createdAt").orderBy("id").limit(exportPageSize).execute();
  }

  const jsonRow = (submission: Submission) =>
    JSON.stringify(exportRow(submission), null, 2).replace(/^/gm, "  ");

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      const rows = await nextPage();
      const last = rows.at(-1);
      if (last) after = { createdAt: Number(last.createdAt), id: last.id };
      const end = rows.length < exportPageSize;
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
