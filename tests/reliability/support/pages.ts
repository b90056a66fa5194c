import path from "node:path";
import { hasBuild } from "../../../server/http/build-files.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * The build a scenario's pages need (React Router routes; `npm test` makes it): its folder
 * (BUILD_DIR, else build/) and whether it is there. Without it the scenario is skipped, said
 * loudly; in CI (CI set) that is an error instead.
 */
export function builtPages(scenario: string) {
  const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
  const withPages = hasBuild(buildDir);
  if (!withPages) {
    const message = `no build in ${buildDir}: the ${scenario} needs the pages`;
    if (process.env.CI) throw new Error(message);
    console.warn(`\n*** ${scenario}: ${message} (run npm run build); skipped ***\n`);
  }
  return { buildDir, withPages };
}
