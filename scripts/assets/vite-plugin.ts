import type { Plugin } from "vite";

/**
 * Makes the generated images exist under the dev server too (`npm run dev`). Production builds
 * generate them in scripts/build.ts before Vite starts; here a run with unchanged inputs costs
 * a few milliseconds. The generator (sharp, DiceBear) loads only when the dev server starts.
 */
export function generatedAssets(): Plugin {
  let root = process.cwd();
  return {
    name: "reelsmith:generated-assets",
    apply: "serve",
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const { generateAssets } = await import("../generate-assets.ts");
      await generateAssets(root);
    },
  };
}
