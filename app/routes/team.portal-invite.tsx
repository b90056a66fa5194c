import { data, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { portal } from "~/content/portal";
import { ownEntry } from "~/shared/own-entry";
import { applicationPath, portalInvitePath, teamClientPath } from "~/shared/paths";
import { portalInvitePort } from "~/shared/portal-invite-port";
import { OutcomeNotice } from "~/team/outcome-notice";
import { signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.portal-invite";

const copy = portal.team.invite;
/** Why an invite was refused, by the `?refused=` the action redirects with. */
const refusals = {
  not_onboarded: { status: 409, message: copy.notOnboarded },
  address_taken: { status: 409, message: copy.addressTaken },
  not_found: { status: 404, message: copy.notFound },
} as const;

export const meta: Route.MetaFunction = () => teamMeta(portal.team.invite.title);

/**
 * Nothing to show by itself (the application's page has the button): it goes there. After a
 * refused invite (`?refused=`), it says why, with the way back to the application.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { member } = signedInMember(context);
  const refused = ownEntry(refusals, new URL(request.url).searchParams.get("refused"));
  if (!refused) return redirect(applicationPath(params.id));
  return data(
    { member, message: refused.message, applicationId: params.id },
    { status: refused.status },
  );
}

/**
 * "Invite to the portal": makes the client (and its invite email) and opens its page; an
 * application invited already opens its client, sending nothing. Refused: this page says why.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { team } = signedInMember(context, portalInvitePort);
  const outcome = await team.invite(params.id);
  if (outcome.ok) {
    const done = outcome.already ? "already" : "invited";
    return redirect(`${teamClientPath(outcome.clientId)}?done=${done}`);
  }
  return redirect(`${portalInvitePath(params.id)}?refused=${outcome.error}`);
}

export default function TeamPortalInvite({ loaderData }: Route.ComponentProps) {
  return (
    <TeamShell member={loaderData.member}>
      <BackLink href={applicationPath(loaderData.applicationId)}>
        {portal.team.client.application}
      </BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <OutcomeNotice said={{ ok: false, message: loaderData.message }} />
    </TeamShell>
  );
}
