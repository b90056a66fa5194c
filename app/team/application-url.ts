import { type InboxQuery, inboxParams, parseInboxQuery } from "~/shared/inbox-query";
import { applicationPath, teamPaths } from "~/shared/paths";

/**
 * An application's page carries the inbox it was opened from: the inbox's own parameters
 * (`view`, the filters, its page's `before`) in its URL, as the inbox linked it. They come
 * back to the inbox ("Back to the inbox"), go on to the next application ("Send and next") and
 * survive every action's redirect. The page's own parameters (`earlier`, `done`, `template`)
 * are named so that they never meet the inbox's.
 */
export interface InboxContext {
  /** The inbox's query, as the URL carried it. */
  query: InboxQuery;
  /** Its parameters, to carry on (defaults left out; the inbox's page cursor kept). */
  params: URLSearchParams;
}

export function inboxContextOf(search: URLSearchParams): InboxContext {
  const query = parseInboxQuery(search);
  const page = search.get("before");
  return { query, params: inboxParams(query, query.before && page ? { before: page } : {}) };
}

/** The application's page in the same inbox context; `extra` its own parameters, then `#hash`. */
export function applicationHref(
  id: string,
  context: InboxContext,
  extra: Readonly<Record<string, string>> = {},
  hash = "",
): string {
  const params = new URLSearchParams(context.params);
  // The inbox's page cursor is for the way back only: the next application starts afresh.
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return `${applicationPath(id)}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The inbox as it was left: its view, filters and page. */
export function inboxHref(context: InboxContext, extra: Readonly<Record<string, string>> = {}) {
  const params = new URLSearchParams(context.params);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return `${teamPaths.inbox}${search ? `?${search}` : ""}`;
}
