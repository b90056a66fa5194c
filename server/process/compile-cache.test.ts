import { fork } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli } from "../test/cli.ts";

// Node's compile cache (decision 0060): the entries turn it on, in a directory of this
// checkout, before importing the modules it caches; the server writes it once it listens.
const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `reelsmith-${name}-`));
  made.push(dir);
  return dir;
}

/** How many modules the compile cache in `root` holds (one file per module). */
async function cachedModules(root: string): Promise<number> {
  const versions = await readdir(root).catch(() => []);
  const counts = await Promise.all(
    versions.map(async (version) => (await readdir(path.join(root, version))).length),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

describe("Node's compile cache", () => {
  it("a CLI command keeps it under node_modules/.cache, with the modules it imports", async () => {
    // Node tells what it caches, and where, on stderr with NODE_DEBUG_NATIVE=COMPILE_CACHE. A
    // module imported statically by the entry is compiled before the cache is on: no line.
    const result = await cli(
      { NODE_DEBUG_NATIVE: "COMPILE_CACHE", DATA_DIR: await freshDir("cli-data") },
      "--help",
    );
    expect(result.code).toBe(0);
    const inCheckout = path.resolve(
      import.meta.dirname,
      "../../node_modules/.cache/node-compile-cache",
    );
    expect(result.stderr).toContain(`resolved path ${inCheckout} `);
    expect(result.stderr).toMatch(/compile cache\] .*server\/cli\/program\.ts/);
  });

  it("a server killed once it listens has already written the cache", async () => {
    const cacheDir = await freshDir("serve-cache");
    const child = fork(path.join(import.meta.dirname, "..", "serve.ts"), {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_COMPILE_CACHE: cacheDir,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: await freshDir("serve-data"),
        BUILD_DIR: path.join(cacheDir, "no-build"),
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    await new Promise((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    // kysely, zod, React and our own modules: hundreds. Node alone writes them at a clean exit.
    expect(await cachedModules(cacheDir)).toBeGreaterThan(100);
  });
});
