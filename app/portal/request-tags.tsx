import { startsText } from "./starts-week";

/**
 * A request's platform and the week it counts in, as tags: on its card (request-list.tsx) and at
 * the top of its page. Tags wrap whole on a phone, where dots between words left one hanging.
 */
export function RequestTags(props: { platform: string; startsWeek: number; thisWeek: number }) {
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
    </>
  );
}
