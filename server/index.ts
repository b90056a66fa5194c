import { spawnSync } from "node:child_process";

// `npm start`: build first when there is no build yet, then serve until SIGTERM/SIGINT.
// React picks its production or development build when first imported: decide that first.
process.env.NODE_ENV ??= "production";
const { loadConfig } = await import("./config.ts");
const { hasBuild, startServer } = await import("./start.ts");

const { buildDir } = loadConfig();
if (!hasBuild(buildDir)) {
  console.log("No build found: running `npm run build` first.");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = await startServer();
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, "stopping");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.stop();
    server.logger.info("stopped");
    process.exit(0);
  });
}
