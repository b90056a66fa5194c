import type { InboxQuery } from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../database.ts";
import type { Submission } from "../schema.ts";
import { filtered, planSearch, type SearchPlan } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** Rows read per query: what an export holds in memory at once. */
export const exportPageSize = 500;

/** What an export takes: an inbox filter (the team's), or everything since a time (the CLI's). */
export type ExportFilter = { query: InboxQuery } | { since?: number };

/**
 * The pages of an export, oldest first: each call reads the `exportPageSize` rows after the
 * last one of the previous page (keyset on created_at, id), with the filter's WHERE clause.
 */
export function exportPages(handle: Handle, filter: ExportFilter) {
  let search: SearchPlan | undefined;
  return async (after: { createdAt: number; id: string } | undefined): Promise<Submission[]> => {
    let select = handle.db.selectFrom("submissions").selectAll();
    if ("query" in filter) {
      search ??= await planSearch(handle, filter.query.q);
      select = filtered(handle, { ...filter.query, before: undefined }, select, search);
    } else if (filter.since !== undefined) {
      select = select.where("createdAt", ">=", filter.since);
    }
    if (after) {
      const { createdAt, id } = after;
      select = select.where((eb) =>
        eb(eb.refTuple("createdAt", "id"), ">", eb.tuple(createdAt, id)),
      );
    }
    return select.orderBy("createdAt").orderBy("id").limit(exportPageSize).execute();
  };
}
