import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Logger } from "../logger.ts";
import {
  type InlineStylesheets,
  loadPrerenderedPages,
  loadStylesheets,
  type PrerenderedPages,
} from "./prerendered-pages.ts";

/** True when `buildDir` holds a build (`npm run build`): the server bundle and its manifest. */
export function hasBuild(buildDir: string): boolean {
  return (
    existsSync(path.join(buildDir, "server", "index.js")) &&
    existsSync(path.join(buildDir, "prerendered.json"))
  );
}

export interface BuiltPages {
  prerendered: PrerenderedPages;
  /** The stylesheets inlined into server-rendered pages (absent: they link it). */
  inlineCss?: InlineStylesheets;
  /** React Router's server bundle, or undefined without a build. */
  build?: ServerBuild;
}

/**
 * What the server answers pages with, read from the build once at start. Without a build the
 * API still runs (API tests need no build); only the pages are missing.
 */
export async function loadBuiltPages(buildDir: string, logger: Logger): Promise<BuiltPages> {
  if (!hasBuild(buildDir)) {
    logger.warn({ buildDir }, "no build found: pages are disabled");
    return { prerendered: new Map() };
  }
  return {
    prerendered: await loadPrerenderedPages(buildDir),
    inlineCss: await loadStylesheets(buildDir),
    // Imported now, not on the first visit: the first page is then as fast as the rest.
    build: (await import(
      pathToFileURL(path.join(buildDir, "server", "index.js")).href
    )) as ServerBuild,
  };
}
