import {
  EmailLinkSignIn,
  emailLinkAction,
  emailLinkTitle,
  signedOutLoader,
} from "~/components/email-link-sign-in";
import { Card } from "~/components/ui/card";
import { portal } from "~/content/portal";
import { PortalShell } from "~/portal/portal-shell";
import { portalMeta, portalPort } from "~/portal/route-helpers";
import { appContext } from "~/shared/app-context";
import { portalPaths } from "~/shared/paths";
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

export default function PortalSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PortalShell>
      <Card className="mx-auto max-w-md" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="text-2xl font-bold text-white">
          {emailLinkTitle(copy, actionData)}
        </h1>
        <EmailLinkSignIn
          copy={copy}
          path={portalPaths.signIn}
          signedOut={loaderData.signedOut}
          answer={actionData}
          autoComplete="email"
        />
      </Card>
    </PortalShell>
  );
}
