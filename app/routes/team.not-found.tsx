import { data } from "react-router";
import { team as teamCopy } from "~/content/team";
import { signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamNotFound } from "~/team/team-not-found";
import type { Route } from "./+types/team.not-found";

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.notFound);

/** Any /team/… path no page claims (the guard let only members through): 404, in the shell. */
export function loader({ context }: Route.LoaderArgs) {
  const { member } = signedInMember(context);
  return data({ member }, { status: 404 });
}

export default function TeamPageNotFound({ loaderData }: Route.ComponentProps) {
  return <TeamNotFound member={loaderData.member} copy={teamCopy.pageNotFound} />;
}
