import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { landing } from "#app/content/landing.ts";
import { brandIcons } from "./assets/brand-icons.ts";
import { interSubset } from "./assets/inter-subset.ts";
import { ogImage } from "./assets/og-image.ts";
import { reelFormats, reelFrame, reelImage, reelWidths } from "./assets/reel-frame.ts";

/**
 * Images and icons made from the copy in app/content/, before Vite runs (scripts/build.ts) and when
 * the dev server starts (scripts/assets/vite-plugin.ts). Nothing here is committed:
 * - app/generated/fonts/inter-latin.woff2: Inter cut to the weights and features the site uses;
 * - app/generated/creators/{id}-{width}.{avif,webp}: the creators band's reels, drawn as SVG and
 *   rasterised (an SVG <img> is laid out and painted on the main thread; a WebP is decoded off
 *   it), in two widths for srcset (Vite gives them hashed URLs);
 * - public/: favicon.svg, favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png and
 *   og-image.png (copied to the site's root as they are).
 * A stamp of the inputs (the copy, these generators, the art packages' versions) makes a second
 * run with unchanged inputs return at once.
 */
export async function generateAssets(root: string): Promise<{ generated: boolean }> {
  const creatorsDir = path.join(root, "app", "generated", "creators");
  const fontFile = path.join(root, "app", "generated", "fonts", "inter-latin.woff2");
  const publicDir = path.join(root, "public");
  const stampFile = path.join(root, "app", "generated", ".assets-stamp");
  const outputs = [
    ...landing.creators.items.flatMap((creator) =>
      reelFiles(creator.id).map(({ file }) => path.join(creatorsDir, file)),
    ),
    ...publicFiles.map((name) => path.join(publicDir, name)),
    fontFile,
  ];
  const stamp = await inputsStamp(root);
  const previous = existsSync(stampFile) ? await readFile(stampFile, "utf8") : "";
  if (previous === stamp && outputs.every((file) => existsSync(file))) return { generated: false };

  await rm(creatorsDir, { recursive: true, force: true });
  await mkdir(creatorsDir, { recursive: true });
  await mkdir(publicDir, { recursive: true });
  await mkdir(path.dirname(fontFile), { recursive: true });
  const reels = await Promise.all(landing.creators.items.map((creator) => reelFrame(creator)));
  const files: Record<string, Buffer | string> = {
    ...(await brandIcons()),
    "og-image.png": await ogImage(reels),
  };
  await Promise.all([
    ...landing.creators.items.flatMap((creator, i) =>
      reelFiles(creator.id).map(async ({ file, width, format }) =>
        writeFile(path.join(creatorsDir, file), await reelImage(reels[i]!, width, format)),
      ),
    ),
    ...Object.entries(files).map(([name, data]) => writeFile(path.join(publicDir, name), data)),
    interSubset().then((font) => writeFile(fontFile, font)),
  ]);
  await writeFile(stampFile, stamp);
  return { generated: true };
}

/** A creator's raster files: every width in every format. */
function reelFiles(id: string) {
  return reelWidths.flatMap((width) =>
    reelFormats.map((format) => ({ file: `${id}-${width}.${format}`, width, format })),
  );
}

/** The files generated into public/ (and ignored by git). */
export const publicFiles = [
  "favicon.svg",
  "favicon.ico",
  "apple-touch-icon.png",
  "icon-192.png",
  "icon-512.png",
  "og-image.png",
] as const;

async function inputsStamp(root: string): Promise<string> {
  const hash = createHash("sha256");
  const contentDir = path.join(root, "app", "content");
  const sources = [
    ...(await readdir(contentDir))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .sort()
      .map((name) => path.join(contentDir, name)),
    path.join(root, "scripts", "generate-assets.ts"),
    path.join(root, "app", "components", "landing", "brand-mark.ts"),
    ...(await readdir(path.join(root, "scripts", "assets")))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .sort()
      .map((name) => path.join(root, "scripts", "assets", name)),
    path.join(root, "node_modules", "@dicebear", "open-peeps", "package.json"),
    path.join(root, "node_modules", "lucide-react", "package.json"),
    path.join(root, "node_modules", "@fontsource-variable", "inter", "package.json"),
  ];
  for (const file of sources) hash.update(await readFile(file));
  return hash.digest("hex");
}

// `node scripts/generate-assets.ts` regenerates by hand.
if (import.meta.main) {
  const started = performance.now();
  const { generated } = await generateAssets(path.resolve(import.meta.dirname, ".."));
  console.log(
    `assets: ${generated ? "generated" : "up to date"} in ${Math.round(performance.now() - started)} ms`,
  );
}
