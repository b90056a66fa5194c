import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";

// `npm run dev`: the whole product as `npm start` runs it (API, database, delivery worker),
// with the pages rendered by Vite from the sources: edits show on reload, styles hot.
process.env.NODE_ENV ??= "development";
const { startServer } = await import("../composition-root.ts");

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const server = await startServer(process.env, {
  loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  middleware: vite.middlewares,
});
console.log(`\n  Reelsmith (development) on ${server.url.replace("127.0.0.1", "localhost")}\n`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    await Promise.all([server.stop(), vite.close()]);
    process.exit(0);
  });
}
