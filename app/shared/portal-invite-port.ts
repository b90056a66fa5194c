import { portKey } from "./team-port.ts";

/**
 * What "Invite to the portal" (/team/applications/:id/portal-invite) may ask of the server: its
 * own port (decision 0086), made for a signed-in member only and reached with
 * `signedInMember(context, portalInvitePort)`. Types only, and the key.
 */
export interface PortalInvitePort {
  invite(applicationId: string): Promise<InviteOutcome>;
}

export const portalInvitePort = portKey<PortalInvitePort>("portal-invite");

export type InviteOutcome =
  | { ok: true; clientId: string; email: string; already: boolean }
  | { ok: false; error: "not_found" | "not_onboarded" | "address_taken"; email?: string };
