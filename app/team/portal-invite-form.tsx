import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import { portalInvitePath } from "~/shared/paths";
import { Panel } from "./panel";

const copy = portal.team.invite;

/**
 * "Invite to the portal", on an application's page once it is Onboarded: a plain form posted to
 * its own route (team.portal-invite.tsx), which makes the client and opens its page. Pressed
 * again (or for an application invited already) it opens that client, sending nothing more.
 */
export function PortalInviteForm(props: { applicationId: string; status: string }) {
  if (props.status !== "onboarded") return null;
  return (
    <Panel id="portal-invite-title" title={copy.title}>
      <p className="mt-2 text-sm text-zinc-300">{copy.intro}</p>
      <Form method="post" action={portalInvitePath(props.applicationId)} className="mt-3">
        <button type="submit" className={buttonClass("primary", "md")}>
          {copy.button}
        </button>
      </Form>
    </Panel>
  );
}
