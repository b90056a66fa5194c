import { data, redirect } from "react-router";
import { SignInLinkPage, signInLinkLoader } from "~/components/email-link-sign-in";
import { portal } from "~/content/portal";
import { portalMeta, portalPort } from "~/portal/route-helpers";
import { portalSignIn } from "~/portal/sign-in-side";
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
  const port = portalPort(context);
  return signInLinkLoader(request, (token) => port.linkState(token));
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = (await postedForm(request)).get("token") ?? "";
  const outcome = await portalPort(context).useLink(token);
  if (!outcome.ok) {
    return data({ state: { state: outcome.state } as PortalLinkState }, { status: 410 });
  }
  return redirect(portalPaths.home, { headers: { "Set-Cookie": outcome.cookie } });
}

export default function PortalSignInLink(page: Route.ComponentProps) {
  return <SignInLinkPage {...page} side={portalSignIn} copy={copy} />;
}
