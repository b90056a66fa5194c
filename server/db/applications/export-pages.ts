import type { InboxQuery } from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../database.ts";
import { type WholeMessage, wholeMessagesOf } from "../messages.ts";
import type { Application } from "../schema.ts";
import { filtered, planSearch, type SearchPlan, type Viewer } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/** Rows read per query: what an export holds in memory at once. */
export const exportPageSize = 500;

/** What an export takes: an inbox filter (the team's), or everything since a time (the CLI's). */
export type ExportFilter = { query: InboxQuery; viewer?: Viewer } | { since?: number };

/** One message of an exported application's thread (ours or theirs), its whole text. */
export type ExportedMessage = Omit<WholeMessage, "id" | "applicationId" | "attachments">;

/** An exported application: its row, its owner's address, how many messages its thread holds. */
export type ExportedApplication = Application & { ownerEmail: string | null; messageCount: number };

/**
 * The pages of an export, oldest first: each call reads the `exportPageSize` rows after the
 * last one of the previous page (keyset on created_at, id), with the filter's WHERE clause.
 * Their messages are read apart, a bounded amount at a time (`exportMessages`).
 */
export function exportPages(handle: Handle, filter: ExportFilter) {
  let search: SearchPlan | undefined;
  return async (
    after: { createdAt: number; id: string } | undefined,
  ): Promise<ExportedApplication[]> => {
    let select = handle.db
      .selectFrom("submissions")
      .selectAll("submissions")
      .select((eb) =>
        eb
          .selectFrom("teamMembers")
          .select("teamMembers.email")
          .whereRef("teamMembers.id", "=", "submissions.ownerId")
          .as("ownerEmail"),
      )
      .select((eb) =>
        eb
          .selectFrom("applicationMessages")
          .select((count) => count.fn.countAll<number>().as("n"))
          .whereRef("applicationMessages.submissionId", "=", "submissions.id")
          .as("messageCount"),
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
    return rows.map((row) => ({
      ...row,
      ownerEmail: row.ownerEmail ?? null,
      messageCount: Number(row.messageCount ?? 0),
    }));
  };
}

/**
 * The JSON export's messages of a page of applications: those of the applications that have
 * any, whole, in the page's order, a bounded amount read at a time (messages.ts).
 */
export function exportMessages(handle: Handle) {
  return (rows: readonly { id: string; messageCount?: number }[]) =>
    wholeMessagesOf(
      handle.db,
      rows.filter((row) => (row.messageCount ?? 0) > 0).map((row) => row.id),
    );
}
