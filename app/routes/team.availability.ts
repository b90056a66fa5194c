import { redirect } from "react-router";
import { availabilityPort } from "~/shared/availability-port";
import { teamPaths } from "~/shared/paths";
import { postedForm, signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.availability";

/** Opening it does nothing but go to the inbox: only the top bar's POST changes anything. */
export function loader() {
  return redirect(teamPaths.inbox);
}

/**
 * The top bar's Away / Available: the signed-in member only (the guard checked the session and
 * the origin). Back to the team page it was sent from (`back`, a /team path; else the inbox).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { team } = signedInMember(context, availabilityPort);
  const form = await postedForm(request);
  const away = form.get("away");
  if (away === "1" || away === "0") await team.setAway(away === "1");
  return redirect(backTo(form.get("back")));
}

/** A path on the team's side only: never another site, never a protocol-relative URL. */
export function backTo(back: string | null): string {
  if (!back || !/^\/team(\/[\w\-/]*)?(\?[\w\-=&%.~+]*)?$/.test(back)) return teamPaths.inbox;
  return back;
}
