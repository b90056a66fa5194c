import { redirect } from "react-router";
import { teamPaths } from "~/shared/paths";
import { signInPort } from "~/shared/sign-in-port";
import { pagePort } from "~/team/route-helpers";
import type { Route } from "./+types/team.sign-out";

/** Opening /team/sign-out does nothing but go home: only the button's POST signs out. */
export function loader() {
  return redirect(teamPaths.inbox);
}

/** Ends the session in the database and clears its cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await pagePort(context, signInPort).signOut(request.headers);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(`${teamPaths.signIn}?signed-out`, { headers });
}
