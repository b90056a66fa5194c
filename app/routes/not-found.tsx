import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { pageMeta } from "~/lib/seo";
import { site } from "~/shared/site";
import type { Route } from "./+types/not-found";

// Any path no other route claims: answered with status 404 and this page.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ ...site.seo.notFound, path: location.pathname, noindex: true });

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return <ErrorScreen code="404" title={site.notFound.title} back={site.notFound.back} />;
}
