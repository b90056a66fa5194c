import { z } from "zod/mini";
import { planNames } from "../content/plans.ts";
import { invisibleCharactersMessage } from "./schema.ts";
import { forbiddenCharacters } from "./text.ts";

export const applicationStatuses = ["new", "contacted", "onboarded", "declined"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const spamFilters = ["no", "yes", "all"] as const;
/** Whose applications: anyone's (default), the signed-in member's, nobody's. */
export const ownerFilters = ["me", "none"] as const;
/** Unanswered ones past their due time, or due by the end of today (UTC; overdue included). */
export const dueFilters = ["overdue", "today"] as const;
/**
 * The inbox's views, a tab each (All is none): what needs an answer (unanswered, or a reply back
 * nobody has read), the same for the signed-in member and for nobody, and what is overdue.
 */
export const inboxViews = ["needs", "mine", "unassigned", "overdue"] as const;
export type InboxView = (typeof inboxViews)[number];

/** A view counts what it holds up to this; more shows as "1,000+" (inbox.ts, viewCounts). */
export const viewCountCap = 1000;

/** Applications per inbox page. */
export const inboxPageSize = 50;
/** Longest search the inbox takes. */
export const searchMaxLength = 100;

/**
 * The inbox's filters, as the URL carries them (`/team?status=new&plan=Creator&q=maya`), and the
 * page: `before` is the (time, id) of the last row of the previous page (keyset pagination).
 * Anything unknown is ignored, never an error: a hand-edited URL shows the default inbox.
 */
export interface InboxQuery {
  /** A view (its tab): sets `needsReply`, and the owner (Mine, Unassigned) or due (Overdue). */
  view?: InboxView;
  /**
   * Only what needs an answer: genuine, and unanswered (with a due time) or with a reply back
   * nobody has answered or read.
   */
  needsReply?: boolean;
  status?: ApplicationStatus;
  plan?: (typeof planNames)[number];
  spam: (typeof spamFilters)[number];
  /** Only applications with a delivery that failed for good. */
  failed: boolean;
  owner?: (typeof ownerFilters)[number];
  /** Only applications with a reply nobody has answered or read ("New reply"). */
  newReply: boolean;
  due?: (typeof dueFilters)[number];
  /**
   * Where they came from: a visit's source as stored ("(direct)" for Direct), or
   * unknownSourceFilter for the applications no visit was found for.
   */
  source?: string;
  q?: string;
  /**
   * Set when the search typed holds control characters (NUL included), refused as the
   * questionnaire refuses them: the message, and what was typed (to show it again, each of
   * them as "�"). `q` is
   * then absent and nothing is searched.
   */
  refusedSearch?: { text: string; message: string };
  /**
   * Where the page starts. The inbox lists the unanswered (waiting) applications first, by due
   * time, then the rest newest first: `w` the (due, id) of the last waiting row, else the
   * (time, id) of the last row of the rest.
   */
  before?: { waiting: boolean; at: number; id: string };
}

/** The Source filter's value for applications with no visit found (their source is not known). */
export const unknownSourceFilter = "(unknown)";

/** A source as the URL carries it: one printable line of 100 characters at most. */
function sourceFilter(value: string | null): string | undefined {
  const text = value?.trim().slice(0, 100);
  return text && isSearchable(text) && !/[\t\n\r]/.test(text) ? text : undefined;
}

const cursor = /^(w?)(\d{1,15})_([0-9a-f-]{36})$/;

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const pick = <T extends string>(value: string | null, allowed: readonly T[]) =>
    allowed.find((candidate) => candidate === value);
  const typed = params.get("q")?.trim().slice(0, searchMaxLength) || undefined;
  const refused = typed !== undefined && !isSearchable(typed);
  const match = cursor.exec(params.get("before") ?? "");
  // A view is a preset: what needs an answer, and whose (Mine, Unassigned) or how late
  // (Overdue). An Owner or Due the filters' form sends says otherwise; the view then follows.
  const preset = pick(params.get("view"), inboxViews);
  const needsReply = preset === "needs" || preset === "mine" || preset === "unassigned";
  const owner = params.has("owner")
    ? pick(params.get("owner"), ownerFilters)
    : preset === "mine"
      ? "me"
      : preset === "unassigned"
        ? "none"
        : undefined;
  const due = params.has("due")
    ? pick(params.get("due"), dueFilters)
    : preset === "overdue"
      ? "overdue"
      : undefined;
  return {
    view: viewOf({ needsReply, owner, due }),
    needsReply,
    status: pick(params.get("status"), applicationStatuses),
    plan: pick(params.get("plan"), planNames),
    spam: pick(params.get("spam"), spamFilters) ?? "no",
    failed: params.get("failed") === "1",
    owner,
    newReply: params.get("reply") === "new",
    due,
    source: sourceFilter(params.get("source")),
    q: refused ? undefined : typed,
    refusedSearch: refused
      ? { text: shown(typed), message: invisibleCharactersMessage }
      : undefined,
    before: match
      ? { waiting: match[1] === "w", at: Number(match[2]), id: match[3] as string }
      : undefined,
  };
}

/** The view a query is (its tab), when its owner, due and needs-reply make one. */
export function viewOf(
  query: Pick<InboxQuery, "needsReply" | "owner" | "due">,
): InboxView | undefined {
  if (query.needsReply && !query.due) {
    return query.owner === "me" ? "mine" : query.owner === "none" ? "unassigned" : "needs";
  }
  if (!query.needsReply && query.due === "overdue" && !query.owner) return "overdue";
  return undefined;
}

/** What was typed, each control character shown as "�" (where to look, and safe in HTML). */
const shown = (typed: string) =>
  Array.from(typed, (char) => (forbiddenCharacters.test(char) ? "\ufffd" : char)).join("");

/** A search may hold any text the questionnaire takes: no control characters (NUL included). */
export function isSearchable(q: string): boolean {
  return !forbiddenCharacters.test(q);
}

/** The URL parameters of a query (defaults left out), for links and forms. */
export function inboxParams(query: InboxQuery, page?: { before?: string }): URLSearchParams {
  const params = new URLSearchParams();
  // A view names its owner and due itself (they are not repeated); a query that needs replies
  // but is no view says so with "needs", and its owner and due as they are.
  const view = query.view ?? (query.needsReply ? "needs" : undefined);
  if (view) params.set("view", view);
  const fromView = {
    owner: query.view === "mine" || query.view === "unassigned",
    due: query.view === "overdue",
  };
  if (query.status) params.set("status", query.status);
  if (query.plan) params.set("plan", query.plan);
  if (query.spam !== "no") params.set("spam", query.spam);
  if (query.failed) params.set("failed", "1");
  if (query.owner && !fromView.owner) params.set("owner", query.owner);
  if (query.newReply) params.set("reply", "new");
  if (query.due && !fromView.due) params.set("due", query.due);
  if (query.source) params.set("source", query.source);
  if (query.q) params.set("q", query.q);
  if (page?.before) params.set("before", page.before);
  return params;
}

/**
 * How many filters narrow the list beyond its view (a view's own owner and due are the view,
 * not a filter): the phone's "Filters (n)" and the line that says the list is filtered.
 */
export function filtersOn(query: InboxQuery): number {
  const fromView = {
    owner: query.view === "mine" || query.view === "unassigned",
    due: query.view === "overdue",
  };
  return [
    query.status,
    query.plan,
    query.spam !== "no",
    query.failed,
    query.owner && !fromView.owner,
    query.newReply,
    query.due && !fromView.due,
    query.source,
    query.q ?? query.refusedSearch,
  ].filter(Boolean).length;
}

/** The cursor after `row`: in the waiting part (by due time) or in the rest (by arrival). */
export const cursorOf = (
  row: { createdAt: number; id: string; dueAt: number | null },
  waiting: boolean,
) => (waiting ? `w${row.dueAt ?? 0}_${row.id}` : `${row.createdAt}_${row.id}`);

/** A note's longest text (the posted form stays within the team's 16 KiB body limit). */
export const noteMaxLength = 1000;

export const statusSchema = z.enum(applicationStatuses);
