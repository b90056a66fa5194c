import { buttonClass } from "~/components/ui/button";
import { insights as copy } from "~/content/insights";
import { team as teamCopy } from "~/content/team";
import { parseRange } from "~/shared/insights";
import { insightsPort } from "~/shared/insights-port";
import { teamPaths } from "~/shared/paths";
import { InsightsChart } from "~/team/insights-chart";
import { FunnelBars, HeadlineFigures, RangeLinks } from "~/team/insights-figures";
import { DailyTable, PlansTable, SourcesTable, StoppedTable } from "~/team/insights-tables";
import { signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.insights";

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.insights);

/** `/team/insights?days=7|28|90` (members only: the session is checked here too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, insightsPort);
  const days = parseRange(new URL(request.url).searchParams.get("days"));
  return { member, report: await team.insights(days) };
}

export default function TeamInsights({ loaderData }: Route.ComponentProps) {
  const { member, report } = loaderData;
  return (
    <TeamShell member={member}>
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <p className="mt-2 max-w-prose text-zinc-300">{copy.intro}</p>
      <RangeLinks days={report.days} />
      <HeadlineFigures funnel={report.funnel} />
      <div className="grid gap-x-8 lg:grid-cols-2">
        <FunnelBars funnel={report.funnel} />
        <div>
          <PlansTable plans={report.plans} />
          <StoppedTable stopped={report.stopped} />
        </div>
      </div>
      <SourcesTable sources={report.sources} />
      <InsightsChart daily={report.daily} />
      <DailyTable daily={report.daily} />
      <p className="mt-6">
        <a
          href={`${teamPaths.insightsExport}?days=${report.days}`}
          className={buttonClass("outline", "md")}
          download
        >
          {copy.exportCsv}
        </a>
      </p>
    </TeamShell>
  );
}
