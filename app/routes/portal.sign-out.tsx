import { redirect } from "react-router";
import { portalPort } from "~/portal/route-helpers";
import { portalPaths } from "~/shared/paths";
import type { Route } from "./+types/portal.sign-out";

/** Opening /portal/sign-out does nothing but go home: only the button's POST signs out. */
export function loader() {
  return redirect(portalPaths.home);
}

/** Ends the session in the database and clears its cookie. */
export async function action({ context }: Route.ActionArgs) {
  const cookie = await portalPort(context).signOut();
  return redirect(`${portalPaths.signIn}?signed-out`, { headers: { "Set-Cookie": cookie } });
}
