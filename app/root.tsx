import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import { landing } from "~/content/landing";
import type { Route } from "./+types/root";
import appCssHref from "./app.css?url";
import { ErrorScreen } from "./components/error-screen";
import { brandMarkSvg, svgDataUri } from "./components/landing/brand-mark";
import { Toaster } from "./components/ui/toaster";
import { Stylesheet, useNonce } from "./document-context";

/**
 * A route whose `handle` says `hydrate: false` is sent as HTML and CSS only: its document loads
 * no JavaScript. Reached by a client-side navigation, it renders in the running app as usual.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

// The favicon travels inside the page (no request before the first paint); browsers without
// SVG favicons ask for /favicon.ico on their own. No web manifest link: browsers fetch it
// while the page loads, for an install prompt this site does not offer (decision 0024).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: svgDataUri(brandMarkSvg({ size: 32, radius: 8 })), type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  // In the browser the app is running anyway (a client-side navigation): keep the toaster, so a
  // toast raised on the questionnaire stays visible on the thank-you page.
  const scripts =
    typeof document !== "undefined" ||
    matches.every((match) => (match.handle as RouteHandle | undefined)?.hydrate !== false);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#09090b" />
        <Meta />
        <Stylesheet href={appCssHref} />
        <Links />
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <Toaster theme="dark" position="top-center" richColors closeButton />
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Details only while developing; visitors never see a stack trace.
  const detail =
    import.meta.env.DEV && error instanceof Error
      ? error.stack
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : undefined;
  return <ErrorScreen title={landing.error.title} back={landing.error.back} detail={detail} />;
}
