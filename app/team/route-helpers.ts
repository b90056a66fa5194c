import { data, type MetaDescriptor } from "react-router";
import { appContext } from "~/shared/app-context";
import type { PortKey, TeamMember, TeamPort } from "~/shared/team-port";

/** The team's side for this request; 503 when the server runs without it (tests, prerender). */
function teamSide(context: unknown): TeamPort {
  const team = appContext(context).team;
  if (!team) throw data(null, { status: 503 });
  return team;
}

/** A page's own port (its key: the page's port file), for a page open to anyone (sign-in). */
export function pagePort<Port>(context: unknown, key: PortKey<Port>): Port {
  const port = teamSide(context).port(key);
  if (!port) throw data(null, { status: 503 });
  return port;
}

/**
 * The member signed in (the server's guard has already refused requests without a session;
 * this is the same check once more, where the data is read or changed) and, given its key, the
 * page's own port bound to them (`team`).
 */
export function signedInMember(context: unknown): { member: TeamMember };
export function signedInMember<Port>(
  context: unknown,
  key: PortKey<Port>,
): { team: Port; member: TeamMember };
export function signedInMember<Port>(
  context: unknown,
  key?: PortKey<Port>,
): { team?: Port; member: TeamMember } {
  const side = teamSide(context);
  if (!side.member) throw data(null, { status: 401 });
  return { team: key ? pagePort(context, key) : undefined, member: side.member };
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
