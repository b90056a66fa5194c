import { data, Form, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import { type LinkState, signInPort } from "~/shared/sign-in-port";
import { fill } from "~/shared/text";
import { pagePort, postedForm, teamMeta } from "~/team/route-helpers";
import { SignInCard } from "~/team/sign-in-card";
import type { Route } from "./+types/team.sign-in-link";

const copy = team.link;

export const meta: Route.MetaFunction = () => teamMeta(team.seo.link);

/**
 * The page an emailed link opens. Opening it uses nothing (mail scanners open links too): it
 * says whose link it is, or that it has expired or been used, and only its "Sign in" button
 * (a POST) uses the token.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await pagePort(context, signInPort).linkState(token);
  return { token: state.state === "valid" ? token : "", state };
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

export default function TeamSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = actionData ?? loaderData;
  if (state.state === "valid") {
    return (
      <SignInCard id="link-title" title={copy.title}>
        <p className="mt-3 text-zinc-300">{fill(copy.intro, { email: state.email })}</p>
        <Form method="post" className="mt-6" reloadDocument>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={buttonClass("primary", "lg", "w-full")}>
            {copy.button}
          </button>
        </Form>
      </SignInCard>
    );
  }
  const expired = state.state === "expired";
  return (
    <SignInCard id="link-title" title={expired ? copy.expiredTitle : copy.usedTitle}>
      <p className="mt-3 text-zinc-300">{expired ? copy.expiredBody : copy.usedBody}</p>
      <a href={teamPaths.signIn} className={buttonClass("primary", "lg", "mt-6 w-full")}>
        {copy.newLink}
      </a>
    </SignInCard>
  );
}
