import { data, redirect } from "react-router";
import { SignInLinkPage, signInLinkLoader } from "~/components/email-link-sign-in";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import { type LinkState, signInPort } from "~/shared/sign-in-port";
import { pagePort, postedForm, teamMeta } from "~/team/route-helpers";
import { teamSignIn } from "~/team/sign-in-side";
import type { Route } from "./+types/team.sign-in-link";

const copy = team.link;

export const meta: Route.MetaFunction = () => teamMeta(team.seo.link);

/**
 * The page an emailed link opens. Opening it uses nothing (mail scanners open links too): it
 * says whose link it is, or that it has expired or been used, and only its "Sign in" button
 * (a POST) uses the token.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const port = pagePort(context, signInPort);
  return signInLinkLoader(request, (token) => port.linkState(token));
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = (await postedForm(request)).get("token") ?? "";
  const outcome = await pagePort(context, signInPort).useLink(token);
  if (!outcome.ok) {
    return data({ state: { state: outcome.state } as LinkState }, { status: 410 });
  }
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  return redirect(teamPaths.inbox, { headers });
}

export default function TeamSignInLink(page: Route.ComponentProps) {
  return <SignInLinkPage {...page} side={teamSignIn} copy={copy} />;
}
