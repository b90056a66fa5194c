import { TitledSection } from "~/components/ui/titled-section";
import { portal } from "~/content/portal";
import type { CutFigures } from "~/shared/cuts-port";
import { fill } from "~/shared/text";

const copy = portal.clock;

/** "3 of 4 (75 %)"; — when nothing counts yet (never a rate of nothing). */
function rateText(count: number, counted: number): string {
  if (counted === 0) return copy.none;
  return fill(copy.rateValue, { count, counted, percent: Math.round((count / counted) * 100) });
}

/**
 * The response page's turnaround figures (decision 0093): on time by the plan's turnaround and
 * within the site's 24–48 h claim, each over the cuts delivered or past due only.
 */
export function CutFiguresSection({ figures }: { figures: CutFigures }) {
  return (
    <TitledSection id="cut-figures-title" title={copy.figuresTitle} className="mt-10">
      <p className="mt-2 max-w-prose text-sm text-zinc-400">{copy.figuresIntro}</p>
      <dl className="mt-3 grid max-w-xl grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-zinc-400">{copy.onTimeLabel}</dt>
        <dd className="text-right font-semibold whitespace-nowrap text-white" data-on-time>
          {rateText(figures.onTime, figures.counted)}
        </dd>
        <dt className="text-zinc-400">{fill(copy.claimLabel, { hours: figures.claim.hours })}</dt>
        <dd className="text-right font-semibold whitespace-nowrap text-white" data-claim>
          {rateText(figures.claim.within, figures.claim.counted)}
        </dd>
      </dl>
      {figures.notYetDue > 0 ? (
        <p className="mt-2 text-sm text-zinc-400">
          {fill(copy.notYetDue, { count: figures.notYetDue })}
        </p>
      ) : null}
    </TitledSection>
  );
}
