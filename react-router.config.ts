import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `/` and `/thank-you` never change per request: render them once, at build time.
  prerender: ["/", "/thank-you"],
  // Four routes: ship the whole (tiny) route manifest with the page instead of
  // fetching /__manifest on every link render.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
