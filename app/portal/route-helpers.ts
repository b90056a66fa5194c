import { data, type MetaDescriptor } from "react-router";
import { appContext } from "~/shared/app-context";
import type { PortalPerson, PortalPort } from "~/shared/portal-port";

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

/** Title and robots of a portal page: never indexed. */
export function portalMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}
