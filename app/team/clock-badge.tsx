import { team } from "~/content/team";
import { type ClockFields, readClock, spanText } from "~/shared/response-clock";

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
  const className = `inline-block rounded-full px-2 py-0.5 text-xs sm:whitespace-nowrap ${tones[late || clock.state]}`;
  if (clock.state === "none") return <span className={className}>{copy.none}</span>;
  // The words may wrap on a phone; the span ("6 h") never breaks from its unit.
  const [before = "", after = ""] = (late ? copy.answeredLate : copy[clock.state]).split("{span}");
  return (
    <span className={className}>
      {before}
      <span className="whitespace-nowrap">{spanText(clock.ms)}</span>
      {after}
    </span>
  );
}
