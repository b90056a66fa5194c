import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { work } from "#app/content/work/work.ts";
import reactRouterConfig from "../react-router.config.ts";
import { isTeamPath } from "../server/http/page-body.ts";
import { generateAssets } from "./generate-assets.ts";
import { stylesheetForPage, stylesheetForScripts } from "./page-css.ts";
import { assetsManifest, modulesOf } from "./route-modules.ts";
import { buildWorkClips } from "./work/build-clips.ts";

/**
 * `npm run build`: images and icons from the copy in app/content/, the work band's loops from the
 * operator's clips (scripts/work/build-clips.ts), then the React Router build
 * (client bundle, server bundle, the pages react-router.config.ts prerenders), then what the server
 * needs to answer fast and safely: the CSS inlined into the prerendered pages, the hashes of each
 * prerendered page's inline scripts (for the Content-Security-Policy), and brotli/gzip
 * variants of every compressible file.
 */
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const prerenderedPages = prerenderedFiles(reactRouterConfig.prerender);

await rm(buildDir, { recursive: true, force: true });
await generateAssets(root);
// The work band's loops from the operator's clips (encoded only when a source changed).
try {
  await buildWorkClips({
    clips: work.clips,
    sourceDir: path.join(root, "app", "content", "work", "clips"),
    outDir: path.join(root, "app", "work"),
    log: console.log,
  });
} catch (error) {
  console.error(`build: ${(error as Error).message}`);
  process.exit(1);
}
run("npx", ["react-router", "build"]);
const pages: Record<string, { file: string; scriptHashes: string[] }> = {};
let stylesheet = "";
for (const [route, file] of Object.entries(prerenderedPages)) {
  stylesheet = await inlineStylesheet(path.join(clientDir, file));
  const html = await readFile(path.join(clientDir, file), "utf8");
  pages[route] = { file, scriptHashes: inlineScriptHashes(html) };
}
// The server inlines a stylesheet into the pages it renders (app/document-context.tsx): the
// team's pages get the whole of it, the public ones what their scripts can draw.
const publicStylesheet = "public-pages.css";
await writeFile(
  path.join(buildDir, publicStylesheet),
  await stylesheetForPublicPages(await readFile(path.join(clientDir, stylesheet), "utf8")),
);
await writeFile(
  path.join(buildDir, "prerendered.json"),
  `${JSON.stringify({ stylesheet, publicStylesheet, pages }, null, 2)}\n`,
);
const compressed = await precompress(clientDir);
console.log(
  `build: ${compressed} files precompressed; prerendered ${Object.keys(pages).join(", ")}`,
);

/** Where React Router writes each page of the config's `prerender` list, under build/client. */
function prerenderedFiles(prerender: unknown): Record<string, string> {
  if (!Array.isArray(prerender)) throw new Error("build: expected a list of paths to prerender");
  return Object.fromEntries(
    prerender.map((route: string) => [
      route,
      route === "/" ? "index.html" : `${route.replace(/^\/|\/$/g, "")}/index.html`,
    ]),
  );
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Replaces the page's one stylesheet link by the stylesheet itself, cut to the rules the page
 * can use (no request before the first paint; these pages do not hydrate, so nothing compares
 * the HTML or adds a class later). Returns the stylesheet's URL.
 */
async function inlineStylesheet(file: string): Promise<string> {
  const html = await readFile(file, "utf8");
  const links = [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g)];
  if (links.length !== 1) throw new Error(`build: expected one stylesheet link in ${file}`);
  const [tag, href] = links[0]!;
  const css = stylesheetForPage(await readFile(path.join(clientDir, href!), "utf8"), html);
  await writeFile(
    file,
    html.replace(tag, () => `<style>${css.trim()}</style>`),
  );
  return href!;
}

/**
 * The stylesheet of the public pages the server renders (the questionnaire, the 404, errors):
 * the rules a class of their scripts can use. Those documents can draw every public route but
 * `/`, whose page is its own document only (prerendered without JavaScript; the app never
 * navigates to it, `app/no-navigation-home.test.ts`). The questionnaire goes on to
 * `/thank-you` in the running app, so that route counts. Decision 0028.
 */
async function stylesheetForPublicPages(css: string): Promise<string> {
  const assets = await assetsManifest(buildDir);
  // The server inlines the whole stylesheet where this says a path is the team's.
  const isTeam = (route: string | undefined) => route !== undefined && isTeamPath(route);
  const routes = Object.entries(assets.routes)
    .filter(([id, route]) => id !== "root" && id !== "routes/home" && !isTeam(route.path))
    .map(([id]) => id);
  const modules = modulesOf(clientDir, assets, routes);
  const scripts = await Promise.all(
    [...modules].map((url) => readFile(path.join(clientDir, url), "utf8")),
  );
  return stylesheetForScripts(css, scripts).trim();
}

/** sha256 sources of every executable inline <script> (JSON-LD is data, not script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!) || /type="application\/(ld\+)?json"/.test(attributes!)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body!).digest("base64")}`);
  }
  return [...hashes];
}

async function precompress(dir: string): Promise<number> {
  const compressible = /\.(js|css|html|svg|json|xml|txt|webmanifest|ico|map)$/;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      await writeFile(
        `${file}.br`,
        await br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
    }),
  );
  return files.length;
}
