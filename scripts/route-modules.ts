import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** React Router's client manifest, as the server bundle exports it (`build.assets`). */
export interface AssetsManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { path?: string; module: string; imports?: string[] }>;
}

export async function assetsManifest(buildDir: string): Promise<AssetsManifest> {
  const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  return build.assets as AssetsManifest;
}

/**
 * The files (as /assets/… URLs) `start` loads, following every relative import in them, static
 * or lazy (Rolldown writes `import(\`./x.js\`)` with backticks).
 */
export function closure(clientDir: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(clientDir, url), "utf8");
    for (const [, file] of code.matchAll(
      /(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g,
    )) {
      queue.push(`/assets/${file}`);
    }
  }
  return seen;
}

/** Every module the app loads to draw `routeIds`: the entry, the root, the routes, their imports. */
export function modulesOf(clientDir: string, assets: AssetsManifest, routeIds: string[]) {
  const routes = ["root", ...routeIds].map((id) => {
    const route = assets.routes[id];
    if (!route) throw new Error(`route ${id} is not in the build`);
    return route;
  });
  return closure(clientDir, [
    assets.entry.module,
    ...assets.entry.imports,
    ...routes.flatMap((route) => [route.module, ...(route.imports ?? [])]),
  ]);
}
