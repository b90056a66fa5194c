import { inboxParams, parseInboxQuery } from "~/shared/inbox-query";
import { teamPaths } from "~/shared/paths";

/**
 * The inbox as a page's URL carries it (the inbox links each application with its view,
 * filters and page): "Back to the inbox" goes back to that, never to a reset inbox. What is not
 * the inbox's (`done`, `earlier`, `template`) is left behind.
 */
export function inboxHref(search: string): string {
  const params = new URLSearchParams(search);
  const query = parseInboxQuery(params);
  const before = query.before ? (params.get("before") ?? undefined) : undefined;
  const kept = inboxParams(query, { before }).toString();
  return `${teamPaths.inbox}${kept ? `?${kept}` : ""}`;
}
