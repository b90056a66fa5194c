import { portalCuts } from "~/content/portal-cuts";
import type { PortalRequest } from "~/shared/portal-port";
import type { RequestState } from "~/shared/review-port";
import { startsText } from "./starts-week";

const stateClass: Record<RequestState, string> = {
  edit: "bg-white/10 text-zinc-300",
  review: "bg-brand-500/20 text-brand-300",
  changes: "bg-amber-400/15 text-amber-200",
  approved: "bg-emerald-400/15 text-emerald-200",
};

/**
 * A request's platform, the week it counts in and where its video stands (no cut yet, a cut in
 * review, changes asked, approved), as tags: on its card (request-list.tsx) and at the top of its
 * page. Tags wrap whole on a phone, where dots between words left one hanging.
 */
export function RequestTags(props: {
  request: Pick<PortalRequest, "platform" | "startsWeek" | "state">;
  thisWeek: number;
}) {
  const { platform, startsWeek, state } = props.request;
  const later = startsWeek > props.thisWeek;
  return (
    <>
      <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-zinc-200">{platform}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${later ? "bg-amber-400/15 text-amber-200" : "bg-emerald-400/15 text-emerald-200"}`}
      >
        {startsText(startsWeek, props.thisWeek)}
      </span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${stateClass[state]}`}
        data-list-state={state}
      >
        {portalCuts.states[state]}
      </span>
    </>
  );
}
