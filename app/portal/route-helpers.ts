import { data, type MetaDescriptor } from "react-router";
import { portal as copy } from "~/content/portal";
import { appContext } from "~/shared/app-context";
import type { PortalPerson, PortalPort } from "~/shared/portal-port";
import { fill } from "~/shared/text";

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

/** Those of a request's page: named after the request (the portal's, when it was not found). */
export function requestMeta(request: { title: string } | undefined): MetaDescriptor[] {
  return portalMeta(request ? fill(copy.seo.request, { title: request.title }) : copy.seo.home);
}
