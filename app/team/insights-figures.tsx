import { TitledSection } from "~/components/ui/titled-section";
import { insights as copy } from "~/content/insights";
import { conversion, type InsightsReport, insightRanges } from "~/shared/insights";
import { teamPaths } from "~/shared/paths";
import { fill, withThousands } from "~/shared/text";

const cardClass = "rounded-2xl border border-white/10 bg-surface p-5";

/** The ranges as links (a GET, so it works without JavaScript); the current one marked. */
export function RangeLinks({ days }: { days: number }) {
  return (
    <nav aria-label={copy.rangeLabel} className="mt-6 flex flex-wrap gap-2">
      {insightRanges.map((range) => (
        <a
          key={range}
          href={`${teamPaths.insights}?days=${range}`}
          aria-current={range === days ? "page" : undefined}
          className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${
            range === days
              ? "border-brand-400 bg-brand-500/20 text-white"
              : "border-white/15 text-zinc-300 hover:border-white/30"
          }`}
        >
          {fill(copy.range, { days: range })}
        </a>
      ))}
    </nav>
  );
}

/** Visitors, applications and conversion of the range, as three cards. */
export function HeadlineFigures({ funnel }: { funnel: InsightsReport["funnel"] }) {
  const figures = [
    ["visitors", copy.figures.visitors, withThousands(funnel.visitors)],
    ["applications", copy.figures.applications, withThousands(funnel.applied)],
    [
      "conversion",
      copy.figures.conversion,
      conversion(funnel.applied, funnel.visitors) ?? copy.none,
    ],
  ] as const;
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      {figures.map(([key, label, value]) => (
        <div key={key} className={cardClass}>
          <dt className="text-sm text-zinc-400">{label}</dt>
          <dd data-figure={key} className="mt-2 text-4xl font-extrabold text-white">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const steps = [
  "visitors",
  "chosePlan",
  "started",
  "applied",
  "answeredInTime",
  "onboarded",
] as const;

/** The funnel as bars, each step's share of the visitors in words and in width. */
export function FunnelBars({ funnel }: { funnel: InsightsReport["funnel"] }) {
  return (
    <TitledSection id="funnel-title" title={copy.funnelTitle} className="mt-10">
      <ol className={`${cardClass} mt-4 flex flex-col gap-3`}>
        {steps.map((step) => {
          const count = funnel[step];
          const share = funnel.visitors === 0 ? 0 : Math.min(1, count / funnel.visitors);
          return (
            <li key={step} data-step={step}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="text-zinc-200">{copy.funnel[step]}</span>
                <span className="font-semibold whitespace-nowrap text-white">
                  {fill(copy.funnelValue, {
                    count: withThousands(count),
                    percent: conversion(count, funnel.visitors) ?? copy.none,
                  })}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2.5 rounded-full bg-white/5">
                <div
                  className="h-full rounded-full bg-linear-to-r from-brand-500 to-pink-500"
                  style={{ width: `${share * 100}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}
