import { team as teamCopy } from "~/content/team";
import type { ResponseReport } from "~/shared/response-port";
import { fill } from "~/shared/text";
import { ChartEmpty, ChartFrame, ChartLegend, countTicks, dayText } from "./chart-parts";
import { ReportSection } from "./report-section";

const copy = teamCopy.response;

/** The drawing's own units: scaled to the container's width, at this fixed aspect. */
const width = 560;
const height = 180;

const parts = [
  { key: "inTime", fill: "fill-emerald-500", swatch: "bg-emerald-500" },
  { key: "late", fill: "fill-rose-500", swatch: "bg-rose-500" },
  { key: "open", fill: "fill-zinc-500", swatch: "bg-zinc-500" },
] as const;

/**
 * Applications per UTC day, one stacked bar each (answered in time, late or overdue, still
 * open), drawn on the server as SVG: no script, no chart library. Each bar's <title> gives its
 * figures on hover; the whole chart has a spoken summary; the legend is plain HTML.
 */
export function ResponseChart({ daily }: { daily: ResponseReport["daily"] }) {
  const title = fill(copy.chartTitle, { days: daily.length });
  const bars = daily.map((bar) => ({
    ...bar,
    open: Math.max(0, bar.applications - bar.answeredInTime - bar.late),
  }));
  const sum = (pick: (bar: (typeof bars)[number]) => number) =>
    bars.reduce((total, bar) => total + pick(bar), 0);
  const max = Math.max(0, ...bars.map((bar) => bar.applications));
  const ticks = countTicks(max);
  const scale = height / (ticks.at(-1) ?? 1);
  const slot = width / Math.max(1, bars.length);
  const summary = fill(copy.chartSummary, {
    title,
    applications: sum((bar) => bar.applications),
    inTime: sum((bar) => bar.answeredInTime),
    late: sum((bar) => bar.late),
    open: sum((bar) => bar.open),
    max,
  });
  if (max === 0) {
    return (
      <ReportSection id="chart-title" title={title}>
        <ChartEmpty text={copy.chartEmpty} link={{ href: "/", label: copy.shareSite }} />
      </ReportSection>
    );
  }
  return (
    <ReportSection id="chart-title" title={title}>
      <ChartFrame
        yLabel={copy.chartYLabel}
        xLabel={copy.chartXLabel}
        ticks={ticks}
        days={bars}
        drawing={{
          width,
          height,
          summary,
          className: "block aspect-[560/180] h-auto w-full",
        }}
      >
        {bars.map((bar, index) => {
          const label = fill(copy.chartLabel, {
            day: dayText(bar.day),
            applications: bar.applications,
            inTime: bar.answeredInTime,
            late: bar.late,
          });
          let top = height;
          return (
            <g key={bar.day}>
              <title>{label}</title>
              <rect x={index * slot} y={0} width={slot} height={height} fill="transparent" />
              {parts.map((part) => {
                const value = part.key === "inTime" ? bar.answeredInTime : bar[part.key];
                if (value === 0) return null;
                top -= value * scale;
                return (
                  <rect
                    key={part.key}
                    x={index * slot + slot * 0.15}
                    y={top}
                    width={slot * 0.7}
                    height={value * scale}
                    className={part.fill}
                  />
                );
              })}
            </g>
          );
        })}
      </ChartFrame>
      <ChartLegend items={parts.map((part) => ({ ...part, label: copy.chartLegend[part.key] }))} />
    </ReportSection>
  );
}
