import { portalCuts } from "~/content/portal-cuts";
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
  platform: string;
  startsWeek: number;
  thisWeek: number;
  state: RequestState;
}) {
  const later = props.startsWeek > props.thisWeek;
  return (
    <>
      <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-zinc-200">
        {props.platform}
      </span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${later ? "bg-amber-400/15 text-amber-200" : "bg-emerald-400/15 text-emerald-200"}`}
      >
        {startsText(props.startsWeek, props.thisWeek)}
      </span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${stateClass[props.state]}`}
        data-list-state={props.state}
      >
        {portalCuts.states[props.state]}
      </span>
    </>
  );
}
