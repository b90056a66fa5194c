import { data, type MetaDescriptor } from "react-router";
import { appContext } from "~/shared/app-context";
import type { ClientsPort, PortalPerson, PortalPort } from "~/shared/portal-port";
import { signedInMember } from "~/team/route-helpers";

/** The portal's port for this request; 503 when the server runs without it (tests, prerender). */
export function portalPort(context: unknown): PortalPort {
  const portal = appContext(context).portal;
  if (!portal) throw data(null, { status: 503 });
  return portal;
}

/** The person signed in on /portal (the guard refused the request without one; checked again). */
export function signedInPerson(context: unknown): { portal: PortalPort; person: PortalPerson } {
  const portal = portalPort(context);
  if (!portal.person) throw data(null, { status: 401 });
  return { portal, person: portal.person };
}

/** The team's side of the portal, for the member signed in (401 without one). */
export function clientsPort(context: unknown) {
  const { member } = signedInMember(context);
  const clients: ClientsPort | undefined = appContext(context).clients;
  if (!clients) throw data(null, { status: 401 });
  return { clients, member };
}

/** Title and robots of a portal page: never indexed. */
export function portalMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}
