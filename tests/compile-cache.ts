import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Node's compile cache for every process a test runner starts (decision 0060): its workers and
 * the processes they spawn inherit `NODE_COMPILE_CACHE`, so each compiles kysely, React, zod and
 * the rest once per machine instead of once per worker. Where the server and the CLI keep it.
 */
export function shareCompileCache() {
  process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), "node-compile-cache");
}
