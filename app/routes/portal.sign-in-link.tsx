import { data, redirect } from "react-router";
import { SignInLinkBody, signInLinkTitle } from "~/components/email-link-sign-in";
import { Card } from "~/components/ui/card";
import { portal } from "~/content/portal";
import { PortalShell } from "~/portal/portal-shell";
import { portalMeta, portalPort } from "~/portal/route-helpers";
import { portalPaths } from "~/shared/paths";
import type { PortalLinkState } from "~/shared/portal-port";
import { postedForm } from "~/team/route-helpers";
import type { Route } from "./+types/portal.sign-in-link";

const copy = portal.client.link;

export const meta: Route.MetaFunction = () => portalMeta(portal.seo.signIn);

/**
 * The page an emailed link opens. Opening it uses nothing (mail scanners open links too); only
 * its "Sign in" button (a POST) uses the token.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await portalPort(context).linkState(token);
  return { token: state.state === "valid" ? token : "", state };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = (await postedForm(request)).get("token") ?? "";
  const outcome = await portalPort(context).useLink(token);
  if (!outcome.ok) {
    return data({ state: { state: outcome.state } as PortalLinkState }, { status: 410 });
  }
  return redirect(portalPaths.home, { headers: { "Set-Cookie": outcome.cookie } });
}

export default function PortalSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = actionData ?? loaderData;
  return (
    <PortalShell>
      <Card className="mx-auto max-w-md" aria-labelledby="link-title">
        <h1 id="link-title" className="text-2xl font-bold text-white">
          {signInLinkTitle(copy, state)}
        </h1>
        <SignInLinkBody
          copy={copy}
          state={state}
          token={loaderData.token}
          signInPath={portalPaths.signIn}
        />
      </Card>
    </PortalShell>
  );
}
