import path from "node:path";

/**
 * Node's compile cache for every process a test runner starts (decision 0060): its workers and
 * the processes they spawn inherit `NODE_COMPILE_CACHE`, so each compiles kysely, React, zod and
 * the rest once per checkout instead of once per worker. The directory the server and the CLI
 * use (server/compile-cache.ts); the runners start in the project's root.
 */
export function shareCompileCache() {
  process.env.NODE_COMPILE_CACHE ??= path.resolve("node_modules", ".cache", "node-compile-cache");
}
