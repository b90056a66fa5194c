import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { inlineJson } from "~/components/landing/structured-data";
import { landing } from "~/content/landing";
import { useNonce } from "~/document-context";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/not-found";

// Any path no other route claims: answered with status 404 and this page.
export function loader() {
  return data(null, { status: 404 });
}

// Sent as HTML and CSS only: a message and a link home need none of the app's scripts, and
// without them nothing but the page is fetched before it paints (docs/decisions/0025).
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ ...landing.seo.notFound, path: location.pathname, noindex: true });

/**
 * As on /thank-you, the first frame waits until the page's last element is parsed (`rel=expect`,
 * render-blocking): its block is centred, and a frame painted while the document was still
 * arriving showed the "404" alone, then re-centred the block when the rest came (a layout shift
 * of 0.019, in CI's font-swap.spec on a phone).
 */
const endOfPage = "not-found-end";
export const links: Route.LinksFunction = () => [
  { rel: "expect", href: `#${endOfPage}`, blocking: "render" },
];

const logLine = "404 Error: User attempted to access non-existent route:";

export default function NotFound() {
  const { pathname } = useLocation();
  const nonce = useNonce();
  // Reached by a client-side navigation, the running app logs the path...
  useEffect(() => {
    console.error(logLine, pathname);
  }, [pathname]);
  return (
    <>
      <ErrorScreen
        code="404"
        title={landing.notFound.title}
        back={landing.notFound.back}
        endId={endOfPage}
      />
      {/* ...and a page loaded as a document logs it with this line (React never runs a script
          it renders in the browser, so the path is logged once either way). */}
      <script
        nonce={nonce || undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, escaped by inlineJson
        dangerouslySetInnerHTML={{
          __html: `console.error(${inlineJson(logLine)}, location.pathname)`,
        }}
      />
    </>
  );
}
