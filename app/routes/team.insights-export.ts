import { parseRange } from "~/shared/insights";
import { insightsPort } from "~/shared/insights-port";
import { signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.insights-export";

/** `/team/insights/export?days=7|28|90`: the Insights page's daily table as CSV (members only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = signedInMember(context, insightsPort);
  const days = parseRange(new URL(request.url).searchParams.get("days"));
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(await team.insightsCsv(days), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${days}-days-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
