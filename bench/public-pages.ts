import path from "node:path";
import { hasBuild } from "#server/http/build-files.ts";

/** The pages the page benches measure: every public page a visitor lands on, and a 404. */
export const publicPages = ["/", "/onboarding", "/thank-you", "/no-such-page"];

/** The build a page bench serves (BUILD_DIR, default ./build); stops with a message if absent. */
export function requireBuild(root: string): string {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!hasBuild(buildDir)) {
    console.error(`No build in ${buildDir}: run \`npm run build\` (or set BUILD_DIR) first.`);
    process.exit(1);
  }
  return buildDir;
}
