import { data, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { portal } from "~/content/portal";
import { clientsPort } from "~/portal/route-helpers";
import { applicationPath, teamClientPath } from "~/shared/paths";
import { fill } from "~/shared/text";
import { OutcomeNotice } from "~/team/outcome-notice";
import { teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.portal-invite";

const copy = portal.team.invite;

export const meta: Route.MetaFunction = () => teamMeta(portal.seo.clients);

/** Nothing to show by itself: the application's page has the button. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(applicationPath(params.id));
}

/**
 * "Invite to the portal": makes the client (and its invite email) and opens its page; an
 * application invited already opens its client, sending nothing. Refused: said here, with the
 * way back to the application.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { clients, member } = clientsPort(context);
  const outcome = await clients.invite(params.id);
  if (outcome.ok) {
    return redirect(
      `${teamClientPath(outcome.clientId)}?done=${outcome.already ? "already" : "invited"}`,
    );
  }
  const message =
    outcome.error === "not_onboarded"
      ? copy.notOnboarded
      : outcome.error === "address_taken"
        ? fill(copy.addressTaken, { email: outcome.email ?? "" })
        : copy.notFound;
  return data(
    { member, message, applicationId: params.id },
    { status: outcome.error === "not_found" ? 404 : 409 },
  );
}

export default function TeamPortalInvite({ actionData }: Route.ComponentProps) {
  if (!actionData) return null;
  return (
    <TeamShell member={actionData.member}>
      <BackLink href={applicationPath(actionData.applicationId)}>
        {portal.team.client.application}
      </BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <OutcomeNotice said={{ ok: false, message: actionData.message }} />
    </TeamShell>
  );
}
