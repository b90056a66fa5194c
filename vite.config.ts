import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { generatedAssets } from "./scripts/assets/vite-plugin.ts";

export default defineConfig({
  plugins: [generatedAssets(), tailwindcss(), reactRouter()],
  envPrefix: ["VITE_", "PUBLIC_"],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
});
