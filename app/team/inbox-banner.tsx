import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { fill } from "~/shared/text";

const copy = team.inbox;

const tones = {
  amber: "border-amber-400/40 bg-amber-500/10 text-amber-100",
  rose: "border-rose-400/40 bg-rose-500/10 text-rose-100",
} as const;

/**
 * A count the team must act on (overdue applications, failed deliveries) and a link to them;
 * nothing when the count is 0. `text` is filled with the count and "application(s)".
 */
export function InboxBanner(props: {
  count: number;
  text: string;
  values?: Record<string, string | number>;
  href: string;
  link: string;
  tone: keyof typeof tones;
}) {
  if (props.count <= 0) return null;
  return (
    <div
      role="alert"
      className={`mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border px-4 py-3 ${tones[props.tone]}`}
    >
      <p>
        {fill(props.text, {
          ...props.values,
          count: props.count,
          applications: props.count === 1 ? copy.application : copy.applications,
        })}
      </p>
      <a href={props.href} className={buttonClass("light", "sm")}>
        {props.link}
      </a>
    </div>
  );
}
