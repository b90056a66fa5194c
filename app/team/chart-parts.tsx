import type { ReactNode } from "react";
import { TitledSection } from "~/components/ui/titled-section";
import { withThousands } from "~/shared/text";

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
function ChartLegend(props: { items: readonly { key: string; swatch: string; label: string }[] }) {
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

/**
 * The y-axis ticks of a count: 0 and steps of 1, 2 or 5 × 10^n, the last at or above `max`
 * (about `count` steps; whole numbers only). The chart's scale runs to the last tick.
 */
export function countTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/** The words around a daily chart (app/content: `insights`, `team.response`). */
interface DailyChartCopy {
  chartYLabel: string;
  chartXLabel: string;
  chartEmpty: string;
  shareSite: string;
}

/** The drawing's own width: scaled to the container's, at the chart's fixed aspect. */
const drawingWidth = 560;

/**
 * A report's chart of days in its titled section, drawn on the server as SVG: no script, no
 * chart library. Nothing counted yet (`max` 0): what to do, not zeros. Else the frame (labelled
 * axes, the spoken `summary`), a group per day (its <title>, a transparent target as tall as the
 * drawing, then its `bars`, given the day's slot and the drawing's units per count) and the
 * legend (plain HTML). `height`: the drawing's own, at `aspect` (its Tailwind class).
 */
export function DailyChart<Day extends { day: number }>(props: {
  id: string;
  title: string;
  copy: DailyChartCopy;
  days: readonly Day[];
  /** The tallest bar's count. */
  max: number;
  height: number;
  aspect: string;
  summary: string;
  legend: readonly { key: string; swatch: string; label: string }[];
  /** A day's figures, as its <title> says them. */
  label: (day: Day) => string;
  bars: (day: Day, slot: { x: number; width: number; scale: number }) => ReactNode;
}) {
  const { copy, days, height } = props;
  if (props.max === 0) {
    return (
      <TitledSection id={props.id} title={props.title} className="mt-10">
        <ChartEmpty text={copy.chartEmpty} link={{ href: "/", label: copy.shareSite }} />
      </TitledSection>
    );
  }
  const ticks = countTicks(props.max);
  const scale = height / (ticks.at(-1) ?? 1);
  const width = drawingWidth / Math.max(1, days.length);
  return (
    <TitledSection id={props.id} title={props.title} className="mt-10">
      <ChartFrame
        yLabel={copy.chartYLabel}
        xLabel={copy.chartXLabel}
        ticks={ticks}
        days={days}
        drawing={{
          width: drawingWidth,
          height,
          summary: props.summary,
          className: `block ${props.aspect} h-auto w-full`,
        }}
      >
        {days.map((day, index) => (
          <g key={day.day}>
            <title>{props.label(day)}</title>
            <rect x={index * width} y={0} width={width} height={height} fill="transparent" />
            {props.bars(day, { x: index * width, width, scale })}
          </g>
        ))}
      </ChartFrame>
      <ChartLegend items={props.legend} />
    </TitledSection>
  );
}

/**
 * A chart's frame: the y-axis (its unit above, tick labels beside the drawing), the drawing,
 * and the days under it, with the x-axis's unit. The labels are HTML (they keep their size as
 * the drawing scales); the drawing is an SVG with the gridlines at the same ticks, then what
 * the chart draws over them (`children`).
 */
function ChartFrame(props: {
  yLabel: string;
  xLabel: string;
  ticks: readonly number[];
  days: readonly { day: number }[];
  /** The drawing: its own units (scaled to the container's width), its spoken summary. */
  drawing: { width: number; height: number; summary: string; className: string };
  /** What is drawn over the gridlines, in the drawing's units. */
  children: ReactNode;
}) {
  const { width, height, summary, className } = props.drawing;
  const top = props.ticks.at(-1) ?? 1;
  return (
    <div className="mt-4 rounded-2xl border border-white/10 bg-surface p-4">
      <p aria-hidden="true" className="mb-2 text-xs font-medium text-zinc-400">
        {props.yLabel}
      </p>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div aria-hidden="true" className="relative min-w-8 text-right text-xs text-zinc-400">
          {props.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2 leading-none"
              style={{ top: `${(1 - tick / top) * 100}%` }}
            >
              {withThousands(tick)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={summary}
          className={className}
        >
          <GridLines ticks={props.ticks} width={width} height={height} />
          {props.children}
        </svg>
        <ChartDays days={props.days} className="col-start-2" />
        <p aria-hidden="true" className="col-start-2 mt-1 text-center text-xs text-zinc-400">
          {props.xLabel}
        </p>
      </div>
    </div>
  );
}

/** The horizontal gridlines of `ticks` in a drawing `height` tall (0 at the bottom). */
function GridLines(props: { ticks: readonly number[]; width: number; height: number }) {
  const top = props.ticks.at(-1) ?? 1;
  return (
    <>
      {props.ticks.map((tick) => {
        const y = Math.min(props.height - 0.5, Math.max(0.5, props.height * (1 - tick / top)));
        return (
          <line
            key={tick}
            x1={0}
            x2={props.width}
            y1={y}
            y2={y}
            className={tick === 0 ? "stroke-white/30" : "stroke-white/10"}
            strokeDasharray={tick === 0 ? undefined : "4 4"}
          />
        );
      })}
    </>
  );
}

/** A chart with nothing to draw yet: what to do about it, not a row of zeros. */
function ChartEmpty(props: { text: string; link: { href: string; label: string } }) {
  return (
    <div className="mt-4 rounded-2xl border border-dashed border-white/15 bg-surface p-6 text-center text-sm text-zinc-300">
      {props.text}{" "}
      <a href={props.link.href} className="font-semibold text-white underline underline-offset-4">
        {props.link.label}
      </a>
    </div>
  );
}
