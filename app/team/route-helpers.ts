import { data, type MetaDescriptor } from "react-router";
import { appContext } from "~/shared/app-context";
import type { TeamMember, TeamPort } from "~/shared/team-port";

/** The team's port for this request; 503 when the server runs without it (tests, prerender). */
export function teamPort(context: unknown): TeamPort {
  const team = appContext(context).team;
  if (!team) throw data(null, { status: 503 });
  return team;
}

/**
 * The member signed in (the server's guard has already refused requests without a session;
 * this is the same check once more, where the data is read or changed).
 */
export function signedInMember(context: unknown): { team: TeamPort; member: TeamMember } {
  const team = teamPort(context);
  if (!team.member) throw data(null, { status: 401 });
  return { team, member: team.member };
}

/** Title and robots of a team page: never indexed. */
export function teamMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

/** Reads a posted urlencoded form (the server has bounded the body to 16 KiB already). */
export async function postedForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  return new URLSearchParams(await request.text());
}
