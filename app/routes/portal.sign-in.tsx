import { EmailLinkSignIn, emailLinkAction, signedOutLoader } from "~/components/email-link-sign-in";
import { portal } from "~/content/portal";
import { portalMeta, portalPort } from "~/portal/route-helpers";
import { portalSignIn } from "~/portal/sign-in-side";
import { appContext } from "~/shared/app-context";
import { postedForm } from "~/team/route-helpers";
import type { Route } from "./+types/portal.sign-in";

const copy = portal.client.signIn;

export const meta: Route.MetaFunction = () => portalMeta(portal.seo.signIn);

export const loader = signedOutLoader;

/** Asks for a sign-in link: every address gets the same answer; only a client's people mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const port = portalPort(context);
  const clientIp = appContext(context).clientIp ?? "";
  return emailLinkAction(await postedForm(request), copy, (email) =>
    port.requestLink(email, clientIp),
  );
}

export default function PortalSignIn(page: Route.ComponentProps) {
  return <EmailLinkSignIn {...page} side={portalSignIn} copy={copy} autoComplete="email" />;
}
