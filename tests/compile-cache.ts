import { compileCacheDir } from "../server/process/compile-cache.ts";

/**
 * Node's compile cache for every process a test runner starts (decision 0060): its workers and
 * the processes they spawn inherit `NODE_COMPILE_CACHE`, so each compiles kysely, React, zod and
 * the rest once per checkout instead of once per worker, in the directory the server and the
 * CLI use.
 */
export function shareCompileCache() {
  process.env.NODE_COMPILE_CACHE ??= compileCacheDir;
}
