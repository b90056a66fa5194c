import { team as teamCopy } from "~/content/team";
import type { ResponseReport } from "~/shared/response-port";
import { fill } from "~/shared/text";
import { DailyChart, dayText } from "./chart-parts";

const copy = teamCopy.response;

/** The drawing's own height (its width: 560). */
const height = 180;

const parts = [
  { key: "inTime", fill: "fill-emerald-500", swatch: "bg-emerald-500" },
  { key: "late", fill: "fill-rose-500", swatch: "bg-rose-500" },
  { key: "open", fill: "fill-zinc-500", swatch: "bg-zinc-500" },
] as const;

/** Applications per UTC day, one stacked bar each (answered in time, late or overdue, still open). */
export function ResponseChart({ daily }: { daily: ResponseReport["daily"] }) {
  const title = fill(copy.chartTitle, { days: daily.length });
  const bars = daily.map((bar) => ({
    ...bar,
    open: Math.max(0, bar.applications - bar.answeredInTime - bar.late),
  }));
  const sum = (pick: (bar: (typeof bars)[number]) => number) =>
    bars.reduce((total, bar) => total + pick(bar), 0);
  const max = Math.max(0, ...bars.map((bar) => bar.applications));
  const summary = fill(copy.chartSummary, {
    title,
    applications: sum((bar) => bar.applications),
    inTime: sum((bar) => bar.answeredInTime),
    late: sum((bar) => bar.late),
    open: sum((bar) => bar.open),
    max,
  });
  return (
    <DailyChart
      id="chart-title"
      title={title}
      copy={copy}
      days={bars}
      max={max}
      height={height}
      aspect="aspect-[560/180]"
      summary={summary}
      legend={parts.map((part) => ({ ...part, label: copy.chartLegend[part.key] }))}
      label={(bar) =>
        fill(copy.chartLabel, {
          day: dayText(bar.day),
          applications: bar.applications,
          inTime: bar.answeredInTime,
          late: bar.late,
        })
      }
      bars={(bar, slot) => {
        let top = height;
        return parts.map((part) => {
          const value = part.key === "inTime" ? bar.answeredInTime : bar[part.key];
          if (value === 0) return null;
          top -= value * slot.scale;
          return (
            <rect
              key={part.key}
              x={slot.x + slot.width * 0.15}
              y={top}
              width={slot.width * 0.7}
              height={value * slot.scale}
              className={part.fill}
            />
          );
        });
      }}
    />
  );
}
