import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import type { FootageSummary, PortalRequest } from "~/shared/portal-port";
import { fill } from "~/shared/text";
import { RequestTags } from "./request-tags";

const copy = portal.client.home;

/** "3 files · 1 over your plan's 10 min per video · 1 being prepared". */
export function summaryText(summary: FootageSummary): string {
  const words = copy.footageSummary;
  return [
    summary.files === 1 ? words.one : fill(words.many, { count: summary.files }),
    summary.over > 0
      ? fill(words.over, { count: summary.over, cap: summary.capMinutes ?? "" })
      : "",
    summary.preparing > 0 ? fill(words.preparing, { count: summary.preparing }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A client's requests, newest first, each with when its work starts against the plan. */
export function RequestList(props: {
  requests: PortalRequest[];
  thisWeek: number;
  none: string;
  /** The page where a request's footage is added (the client's side only). */
  footageHref?: (id: string) => string;
  /** Each request's finished footage in numbers (the client's side only). */
  footage?: Record<string, FootageSummary>;
  /**
   * Its review and cuts (decision 0091): the team's request page, the client's stable link; the
   * link's words may follow the request's state (no cut yet: "Open the request").
   */
  review?: { href: (id: string) => string; label: (request: PortalRequest) => string };
}) {
  if (props.requests.length === 0) return <p className="mt-3 text-zinc-400">{props.none}</p>;
  return (
    <ul className="mt-3 flex flex-col gap-3">
      {props.requests.map((request) => (
        <li
          key={request.id}
          className="rounded-2xl border border-white/10 bg-surface p-4"
          data-request={request.id}
        >
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-white">{request.title}</h3>
            <RequestTags request={request} thisWeek={props.thisWeek} />
          </div>
          <p className="mt-2 whitespace-pre-line break-words text-sm text-zinc-300">
            {request.brief}
          </p>
          <p className="mt-2 text-xs text-zinc-400">
            {fill(copy.wished, { date: request.wishedDate })}
          </p>
          {props.footage?.[request.id] ? (
            <p className="mt-2 text-sm text-zinc-200" data-footage-summary>
              {summaryText(props.footage[request.id] as FootageSummary)}
            </p>
          ) : null}
          {props.footageHref || props.review ? (
            // A row of its own that wraps: the buttons line up with the text above on both sides,
            // and sit on two lines on a narrow phone rather than overflow.
            <div className="mt-3 flex flex-wrap gap-2">
              {props.footageHref ? (
                <a
                  href={props.footageHref(request.id)}
                  className={buttonClass("outline", "sm")}
                  aria-label={`${copy.addFootage}: ${request.title}`}
                >
                  {copy.addFootage}
                </a>
              ) : null}
              {props.review ? (
                <a
                  href={props.review.href(request.id)}
                  className={buttonClass("outline", "sm")}
                  aria-label={`${props.review.label(request)}: ${request.title}`}
                >
                  {props.review.label(request)}
                </a>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
