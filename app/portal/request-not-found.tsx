import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import { landing } from "~/content/landing";
import { portal } from "~/content/portal";
import { portalPaths } from "~/shared/paths";
import { PortalShell } from "./portal-shell";

const copy = portal.client.request.notFound;

/**
 * What a request's pages (the request, its versions) show instead of themselves: on a 404 (not
 * this client's request, or no such version) the request's not-found page, else the error page.
 */
export function RequestErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PortalShell>
        <div className="py-16 text-center">
          <p className="text-gradient text-6xl font-extrabold">404</p>
          <h1 className="mt-4 text-2xl font-bold text-white">{copy.title}</h1>
          <p className="mt-2 text-zinc-400">{copy.body}</p>
          <a href={portalPaths.home} className={buttonClass("light", "md", "mt-8")}>
            {copy.back}
          </a>
        </div>
      </PortalShell>
    );
  }
  return <ErrorScreen title={landing.error.title} back={landing.error.back} />;
}
