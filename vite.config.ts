import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { generatedAssets } from "./scripts/assets/vite-plugin.ts";

export default defineConfig({
  plugins: [generatedAssets(), tailwindcss(), reactRouter()],
  envPrefix: ["VITE_", "PUBLIC_"],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // The work band's files (app/work/) by their hash alone: `/` names nine of them per
        // clip and must fit one round trip (decision 0067).
        assetFileNames: ({ originalFileNames }) =>
          originalFileNames.some((name) => name.startsWith("app/work/"))
            ? "assets/w[hash][extname]"
            : "assets/[name]-[hash][extname]",
      },
    },
  },
  // The 16 Lucide icons go into the server build, so the production install needs no
  // lucide-react (a devDependency: 51 MB for all of its icons).
  ssr: { noExternal: ["lucide-react"] },
});
