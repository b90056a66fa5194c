import { team } from "~/content/team";
import { type ClockFields, readClock, spanText } from "~/shared/response-clock";
import { fill } from "~/shared/text";

const copy = team.inbox.clock;

const tones = {
  due: "text-zinc-200",
  overdue: "bg-rose-500/15 text-rose-200 font-semibold",
  answered: "text-emerald-200",
  /** Answered after the due time: amber; after twice the promise: red. */
  late: "bg-amber-500/15 text-amber-200",
  very: "bg-rose-500/15 text-rose-200",
  none: "text-zinc-400",
} as const;

/** The promise's clock of one application: "Due in 5 h", "Overdue by 2 h", "Answered in 3 h". */
export function ClockBadge({ row, now }: { row: ClockFields; now: number }) {
  const clock = readClock(row, now);
  const late = clock.state === "answered" ? clock.late : false;
  const text =
    clock.state === "none"
      ? copy.none
      : fill(late ? copy.answeredLate : copy[clock.state], { span: spanText(clock.ms) });
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs whitespace-nowrap ${tones[late || clock.state]}`}
    >
      {text}
    </span>
  );
}
