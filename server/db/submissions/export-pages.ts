import type { InboxQuery } from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../database.ts";
import type { Submission } from "../schema.ts";
import { filtered, planSearch, type SearchPlan, type Viewer } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** Rows read per query: what an export holds in memory at once. */
export const exportPageSize = 500;

/** What an export takes: an inbox filter (the team's), or everything since a time (the CLI's). */
export type ExportFilter = { query: InboxQuery; viewer?: Viewer } | { since?: number };

/** An exported application: its row and its owner's address. */
export type ExportedSubmission = Submission & { ownerEmail: string | null };

/**
 * The pages of an export, oldest first: each call reads the `exportPageSize` rows after the
 * last one of the previous page (keyset on created_at, id), with the filter's WHERE clause.
 */
export function exportPages(handle: Handle, filter: ExportFilter) {
  let search: SearchPlan | undefined;
  return async (
    after: { createdAt: number; id: string } | undefined,
  ): Promise<ExportedSubmission[]> => {
    let select = handle.db
      .selectFrom("submissions")
      .selectAll("submissions")
      .select((eb) =>
        eb
          .selectFrom("teamMembers")
          .select("teamMembers.email")
          .whereRef("teamMembers.id", "=", "submissions.ownerId")
          .as("ownerEmail"),
      );
    if ("query" in filter) {
      search ??= await planSearch(handle, filter.query.q);
      const query = { ...filter.query, before: undefined };
      select = filtered(handle, query, select, search, filter.viewer);
    } else if (filter.since !== undefined) {
      select = select.where("createdAt", ">=", filter.since);
    }
    if (after) {
      const { createdAt, id } = after;
      select = select.where((eb) =>
        eb(eb.refTuple("createdAt", "id"), ">", eb.tuple(createdAt, id)),
      );
    }
    const rows = await select.orderBy("createdAt").orderBy("id").limit(exportPageSize).execute();
    return rows.map((row) => ({ ...row, ownerEmail: row.ownerEmail ?? null }));
  };
}
