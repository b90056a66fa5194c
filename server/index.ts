import { spawnSync } from "node:child_process";
import { turnOnCompileCache } from "./process/compile-cache.ts";

// `npm start`: build first when there is no build yet, then serve (server/serve.ts) until
// SIGTERM/SIGINT. React picks its production or development build when first imported: decide
// that first, and turn on Node's compile cache before the modules it caches (decision 0060).
turnOnCompileCache();
process.env.NODE_ENV ??= "production";
const { loadConfig } = await import("./config.ts");
const { hasBuild } = await import("./http/build-files.ts");

const { buildDir } = loadConfig();
if (!hasBuild(buildDir)) {
  console.log("No build found: running `npm run build` first.");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("./serve.ts");
