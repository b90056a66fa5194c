import { insights as copy } from "~/content/insights";
import type { InsightsReport } from "~/shared/insights";
import { fill } from "~/shared/text";
import { ChartDays, ChartLegend, dayText } from "./chart-parts";
import { ReportSection } from "./report-section";

/** The drawing's own units: scaled to the container's width, at this fixed aspect. */
const width = 560;
const band = { visitors: { top: 0, height: 120 }, applications: { top: 140, height: 60 } };
const height = 200;

const series = [
  { key: "visitors", fill: "fill-brand-500", swatch: "bg-brand-500" },
  { key: "applications", fill: "fill-emerald-500", swatch: "bg-emerald-500" },
] as const;

/**
 * Visitors (above) and applications (below, on their own scale) per UTC day, drawn on the
 * server as SVG: no script, no chart library. Each day's <title> gives its figures; the chart
 * has a spoken summary; the legend is plain HTML.
 */
export function InsightsChart({ daily }: { daily: InsightsReport["daily"] }) {
  const title = fill(copy.chartTitle, { days: daily.length });
  const max = {
    visitors: Math.max(0, ...daily.map((row) => row.visitors)),
    applications: Math.max(0, ...daily.map((row) => row.applications)),
  };
  const slot = width / Math.max(1, daily.length);
  const summary = fill(copy.chartSummary, {
    title,
    visitors: daily.reduce((total, row) => total + row.visitors, 0),
    applications: daily.reduce((total, row) => total + row.applications, 0),
    maxVisitors: max.visitors,
    maxApplications: max.applications,
  });
  return (
    <ReportSection id="insights-chart-title" title={title}>
      <div className="mt-4 rounded-2xl border border-white/10 bg-surface p-4">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={summary}
          className="block aspect-[560/200] h-auto w-full"
        >
          {series.map(({ key }) => (
            <line
              key={key}
              x1={0}
              x2={width}
              y1={band[key].top + band[key].height - 0.5}
              y2={band[key].top + band[key].height - 0.5}
              className="stroke-white/30"
            />
          ))}
          {daily.map((row, index) => (
            <g key={row.day}>
              <title>
                {fill(copy.chartLabel, {
                  day: dayText(row.day),
                  visitors: row.visitors,
                  applications: row.applications,
                })}
              </title>
              <rect x={index * slot} y={0} width={slot} height={height} fill="transparent" />
              {series.map(({ key, fill: color }) => {
                const value = row[key];
                if (value === 0) return null;
                const barHeight = (value / Math.max(1, max[key])) * band[key].height;
                return (
                  <rect
                    key={key}
                    x={index * slot + slot * 0.15}
                    y={band[key].top + band[key].height - barHeight}
                    width={slot * 0.7}
                    height={barHeight}
                    className={color}
                  />
                );
              })}
            </g>
          ))}
        </svg>
        <ChartDays days={daily} />
      </div>
      <ChartLegend
        items={series.map(({ key, swatch }) => ({
          key,
          swatch,
          label: fill(copy.chartLegendItem, { label: copy.chartLegend[key], max: max[key] }),
        }))}
      />
    </ReportSection>
  );
}
