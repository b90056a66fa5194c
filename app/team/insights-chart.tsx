import { insights as copy } from "~/content/insights";
import type { InsightsReport } from "~/shared/insights";
import { fill, withThousands } from "~/shared/text";
import { DailyChart, dayText } from "./chart-parts";

/** The drawing's own height (its width: 560). */
const height = 200;

const series = [
  { key: "visitors", fill: "fill-brand-500", swatch: "bg-brand-500" },
  { key: "applications", fill: "fill-emerald-500", swatch: "bg-emerald-500" },
] as const;

/**
 * Visitors and applications per UTC day, side by side on ONE scale (both are people per day: 6
 * applications stand as tall as 6 visitors, never as tall as 219).
 */
export function InsightsChart({ daily }: { daily: InsightsReport["daily"] }) {
  const title = fill(copy.chartTitle, { days: daily.length });
  const max = {
    visitors: Math.max(0, ...daily.map((row) => row.visitors)),
    applications: Math.max(0, ...daily.map((row) => row.applications)),
  };
  const summary = fill(copy.chartSummary, {
    title,
    visitors: withThousands(daily.reduce((total, row) => total + row.visitors, 0)),
    applications: withThousands(daily.reduce((total, row) => total + row.applications, 0)),
    maxVisitors: withThousands(max.visitors),
    maxApplications: withThousands(max.applications),
  });
  return (
    <DailyChart
      id="insights-chart-title"
      title={title}
      copy={copy}
      days={daily}
      max={Math.max(max.visitors, max.applications)}
      height={height}
      aspect="aspect-[560/200]"
      summary={summary}
      legend={series.map(({ key, swatch }) => ({
        key,
        swatch,
        label: fill(copy.chartLegendItem, {
          label: copy.chartLegend[key],
          max: withThousands(max[key]),
        }),
      }))}
      label={(row) =>
        fill(copy.chartLabel, {
          day: dayText(row.day),
          visitors: withThousands(row.visitors),
          applications: withThousands(row.applications),
        })
      }
      bars={(row, slot) => {
        const barWidth = (slot.width * 0.8) / series.length;
        return series.map(({ key, fill: color }, position) =>
          row[key] === 0 ? null : (
            <rect
              key={key}
              x={slot.x + slot.width * 0.1 + position * barWidth}
              y={height - row[key] * slot.scale}
              width={barWidth}
              height={row[key] * slot.scale}
              className={color}
            />
          ),
        );
      }}
    />
  );
}
