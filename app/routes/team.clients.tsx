import { portal } from "~/content/portal";
import { clientListPort } from "~/shared/client-list-port";
import { cutsPort } from "~/shared/cuts-port";
import { teamClientPath, teamClientsPath } from "~/shared/paths";
import { fill } from "~/shared/text";
import { ClientSectionTabs } from "~/team/client-section-tabs";
import { OutcomeNotice } from "~/team/outcome-notice";
import { signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.clients";

const copy = portal.team.list;
const columns = ["name", "plan", "week", "people"] as const;
const clock = portal.clock;

export const meta: Route.MetaFunction = () => teamMeta(portal.seo.clients);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, clientListPort);
  const erased = new URL(request.url).searchParams.get("erased") === "1";
  const cuts = signedInMember(context, cutsPort).team;
  const [rows, due] = await Promise.all([team.list(), cuts.dueCounts()]);
  return { member, rows, due, erased };
}

/** Every client: plan, this week's requests against the plan, people. */
export default function TeamClients({ loaderData }: Route.ComponentProps) {
  const { member, rows, due, erased } = loaderData;
  return (
    <TeamShell member={member} current={teamClientsPath}>
      <ClientSectionTabs current={teamClientsPath} />
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <OutcomeNotice said={erased ? { ok: true, message: copy.erased } : undefined} />
      {rows.length === 0 ? (
        <p className="mt-4 text-zinc-400">{copy.none}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-white/10 bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="text-zinc-400">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-medium">
                    {copy.columns[column]}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 font-medium">
                  {clock.dueColumn}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {rows.map((row) => (
                <tr key={row.id} data-client={row.id}>
                  <th scope="row" className="px-4 py-3 font-semibold">
                    <a
                      href={teamClientPath(row.id)}
                      className="text-white underline-offset-4 hover:underline"
                    >
                      {row.name}
                    </a>
                  </th>
                  <td className="px-4 py-3 text-zinc-200">{row.plan}</td>
                  <td className="px-4 py-3 text-zinc-200">
                    {fill(copy.week, { count: row.requestsThisWeek, videos: row.videosPerWeek })}
                  </td>
                  <td className="px-4 py-3 text-zinc-200">{row.people}</td>
                  <td className="px-4 py-3 text-zinc-200" data-cuts>
                    {fill(clock.dueCounts, {
                      due: due[row.id]?.due ?? 0,
                      overdue: due[row.id]?.overdue ?? 0,
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TeamShell>
  );
}
