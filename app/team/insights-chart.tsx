import { insights as copy } from "~/content/insights";
import type { InsightsReport } from "~/shared/insights";
import { fill, withThousands } from "~/shared/text";
import { ChartEmpty, ChartFrame, ChartLegend, countTicks, dayText } from "./chart-parts";
import { ReportSection } from "./report-section";

/** The drawing's own units: scaled to the container's width, at this fixed aspect. */
const width = 560;
const height = 200;

const series = [
  { key: "visitors", fill: "fill-brand-500", swatch: "bg-brand-500" },
  { key: "applications", fill: "fill-emerald-500", swatch: "bg-emerald-500" },
] as const;

/**
 * Visitors and applications per UTC day, side by side on ONE scale (both are people per day: 6
 * applications stand as tall as 6 visitors, never as tall as 219), drawn on the server as SVG:
 * no script, no chart library. Labelled axes; each day's <title> gives its figures; the chart
 * has a spoken summary; the legend is plain HTML. Nothing counted yet: what to do, not zeros.
 */
export function InsightsChart({ daily }: { daily: InsightsReport["daily"] }) {
  const title = fill(copy.chartTitle, { days: daily.length });
  const max = {
    visitors: Math.max(0, ...daily.map((row) => row.visitors)),
    applications: Math.max(0, ...daily.map((row) => row.applications)),
  };
  if (max.visitors === 0 && max.applications === 0) {
    return (
      <ReportSection id="insights-chart-title" title={title}>
        <ChartEmpty text={copy.chartEmpty} link={{ href: "/", label: copy.shareSite }} />
      </ReportSection>
    );
  }
  const ticks = countTicks(Math.max(max.visitors, max.applications));
  const scale = height / (ticks.at(-1) ?? 1);
  const slot = width / Math.max(1, daily.length);
  const barWidth = (slot * 0.8) / series.length;
  const summary = fill(copy.chartSummary, {
    title,
    visitors: withThousands(daily.reduce((total, row) => total + row.visitors, 0)),
    applications: withThousands(daily.reduce((total, row) => total + row.applications, 0)),
    maxVisitors: withThousands(max.visitors),
    maxApplications: withThousands(max.applications),
  });
  return (
    <ReportSection id="insights-chart-title" title={title}>
      <ChartFrame
        yLabel={copy.chartYLabel}
        xLabel={copy.chartXLabel}
        ticks={ticks}
        days={daily}
        drawing={{
          width,
          height,
          summary,
          className: "block aspect-[560/200] h-auto w-full",
        }}
      >
        {daily.map((row, index) => (
          <g key={row.day}>
            <title>
              {fill(copy.chartLabel, {
                day: dayText(row.day),
                visitors: withThousands(row.visitors),
                applications: withThousands(row.applications),
              })}
            </title>
            <rect x={index * slot} y={0} width={slot} height={height} fill="transparent" />
            {series.map(({ key, fill: color }, position) => {
              const value = row[key];
              if (value === 0) return null;
              return (
                <rect
                  key={key}
                  x={index * slot + slot * 0.1 + position * barWidth}
                  y={height - value * scale}
                  width={barWidth}
                  height={value * scale}
                  className={color}
                />
              );
            })}
          </g>
        ))}
      </ChartFrame>
      <ChartLegend
        items={series.map(({ key, swatch }) => ({
          key,
          swatch,
          label: fill(copy.chartLegendItem, {
            label: copy.chartLegend[key],
            max: withThousands(max[key]),
          }),
        }))}
      />
    </ReportSection>
  );
}
