import type { Config } from "@react-router/dev/config";
import { paths } from "./app/shared/paths.ts";

export default {
  ssr: true,
  // BUILD_DIR lets two builds live side by side (the server reads the same variable).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // `/` and `/thank-you` never change per request: render them once, at build time
  // (scripts/build.ts reads this list).
  prerender: [paths.home, paths.thankYou],
  // Four routes: ship the whole (tiny) route manifest with the page instead of
  // fetching /__manifest on every link render.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
