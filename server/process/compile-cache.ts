import { enableCompileCache, flushCompileCache } from "node:module";
import path from "node:path";

/**
 * Node's compile cache (decision 0060): where it lives, and turning it on. `NODE_COMPILE_CACHE`
 * if set, else `node_modules/.cache/node-compile-cache` of this checkout, a directory its owner
 * owns. Not Node's default in the shared temp directory: another local user could create that
 * first and put compiled code in it, which Node would then run as the server.
 */
export const compileCacheDir =
  process.env.NODE_COMPILE_CACHE ??
  path.join(import.meta.dirname, "..", "..", "node_modules", ".cache", "node-compile-cache");

/** Call first in an entry, then import the rest dynamically: static imports would miss it. */
export function turnOnCompileCache() {
  enableCompileCache(compileCacheDir);
}

export { flushCompileCache };
