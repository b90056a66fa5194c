import { namedApplicationsMax, namedSearchMinLength } from "#app/shared/application-reference.ts";
import { type InboxQuery, isSearchable, searchMaxLength } from "#app/shared/inbox-query.ts";
import type { DatabaseHandle } from "../database.ts";
import { filtered, planSearch } from "./inbox.ts";

type Handle = Pick<DatabaseHandle, "db" | "dialect">;

/**
 * The applications whose name, email (or handle, or niche) holds `text`, ignoring case, newest
 * first, at most `namedApplicationsMax`: the inbox's own search (its trigram index on SQLite,
 * pg_trgm on PostgreSQL), spam included (a reply may come from anyone). Nothing for a text
 * shorter than `namedSearchMinLength`, longer than the inbox's search takes, or with control
 * characters.
 */
export async function applicationsNamed(handle: Handle, text: string) {
  const q = text.trim();
  const length = [...q].length;
  if (length < namedSearchMinLength || length > searchMaxLength || !isSearchable(q)) return [];
  const query: InboxQuery = { q, spam: "all", failed: false, newReply: false };
  const select = handle.db
    .selectFrom("submissions")
    .select(["id", "name", "email", "createdAt", "selectedPlan", "isSpam"]);
  return (
    filtered(handle, query, select, await planSearch(handle, q))
      // created_at alone: its index walks newest first and stops at the limit.
      .orderBy("createdAt", "desc")
      .limit(namedApplicationsMax)
      .execute()
  );
}
