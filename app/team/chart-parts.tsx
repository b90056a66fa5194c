/** A UTC day as the chart names it: "25 Nov" (the same on the server and in the browser). */
export function dayText(ms: number): string {
  return new Date(ms).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** Under a daily chart: its first and last day (the bars between them speak for the rest). */
export function ChartDays(props: { days: readonly { day: number }[]; className?: string }) {
  const first = props.days[0];
  const last = props.days.at(-1);
  if (!first || !last) return null;
  return (
    <div
      aria-hidden="true"
      className={`mt-1 flex justify-between text-xs text-zinc-400 ${props.className ?? ""}`}
    >
      <span>{dayText(first.day)}</span>
      <span>{dayText(last.day)}</span>
    </div>
  );
}

/** A chart's legend: plain HTML, a swatch and a label per series. */
export function ChartLegend(props: {
  items: readonly { key: string; swatch: string; label: string }[];
}) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-300">
      {props.items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={`size-3 rounded-sm ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
