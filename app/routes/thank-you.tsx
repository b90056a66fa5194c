import { HomeButton } from "~/components/home-button";
import { TopGlow } from "~/components/ui/top-glow";
import { questionnaire } from "~/content/questionnaire";
import { pageMeta } from "~/lib/seo";
import { useScrollToTop } from "~/onboarding/use-scroll-to-top";
import type { RouteHandle } from "~/root";
import { paths } from "~/shared/paths";
import type { Route } from "./+types/thank-you";

const copy = questionnaire.thankYou;

// Prerendered at build time (react-router.config.ts): no loader, the same page for everyone.
// Nothing here is interactive, so a direct visit (the no-JavaScript form's redirect) loads no
// JavaScript; after the questionnaire's own submit it renders in the running app, toast and all.
export const handle: RouteHandle = { hydrate: false };

/**
 * The page's first frame waits until its last element is parsed (`rel=expect`, render-blocking):
 * its block is centred, and a frame painted while the document was still arriving showed the
 * heading and one line, then re-centred the block when the rest came (a layout shift of 0.03,
 * seen under load in font-swap.spec).
 */
const endOfPage = "thank-you-end";
export const links: Route.LinksFunction = () => [
  { rel: "expect", href: `#${endOfPage}`, blocking: "render" },
];

export const meta: Route.MetaFunction = () =>
  pageMeta({ ...questionnaire.seo.thankYou, path: paths.thankYou, noindex: true });

export default function ThankYou() {
  useScrollToTop();
  return (
    // Like every page, drawn first in Inter's metric-matched fallback; Inter follows once that
    // paint is on screen (app.css). No script at all in its static HTML: a script costs the page a
    // JavaScript context, one long task on a phone (docs/decisions/0027).
    <main className="relative isolate grid min-h-dvh place-items-center overflow-hidden px-6 py-24 text-center">
      <TopGlow />
      <div className="max-w-xl">
        <div
          aria-hidden="true"
          className="mx-auto grid size-16 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-rose-glow text-white shadow-lg shadow-brand-600/30"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
          >
            <path
              d="m5 12.5 4.5 4.5L19 7.5"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 className="mt-8 text-5xl font-extrabold tracking-tight text-white sm:text-6xl">
          {copy.title}
        </h1>
        {/* The heading paints at once; the confirmation fades in after it, from an opacity of 1 %
            rather than 0: it is drawn in the first paint, so the browser counts it there and not
            when the font swap repaints it mid-fade (the largest paint, docs/decisions/0027). */}
        <div className="animate-fade-up [--fade-delay:200ms] [--fade-from:0.01]">
          <p className="mt-4 text-xl font-semibold text-zinc-100">{copy.received}</p>
          <p className="mt-4 text-lg text-zinc-400">{copy.body}</p>
          <HomeButton endId={endOfPage} label={copy.back} />
        </div>
      </div>
    </main>
  );
}
