import { fork } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli } from "./test/cli.ts";

// Node's compile cache (decision 0060): the entries turn it on before importing the modules it
// caches. Node keeps it under the temp directory, so each test gives the process a fresh one
// (TMPDIR) and counts the modules cached there. With static imports the count would be 0.
const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `reelsmith-${name}-`));
  made.push(dir);
  return dir;
}

/** How many modules the compile cache under `temp` holds (one file per module). */
async function cachedModules(temp: string): Promise<number> {
  const root = path.join(temp, "node-compile-cache");
  const versions = await readdir(root).catch(() => []);
  const counts = await Promise.all(
    versions.map(async (version) => (await readdir(path.join(root, version))).length),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

describe("Node's compile cache", () => {
  it("a CLI command leaves the modules it ran compiled in the cache", async () => {
    const temp = await freshDir("cli-temp");
    const result = await cli({ TMPDIR: temp, DATA_DIR: await freshDir("cli-data") }, "--help");
    expect(result.code).toBe(0);
    // kysely, zod and our own modules: hundreds of them.
    expect(await cachedModules(temp)).toBeGreaterThan(100);
  });

  it("a server killed once it listens has already written the cache", async () => {
    const temp = await freshDir("serve-temp");
    const child = fork(path.join(import.meta.dirname, "serve.ts"), {
      env: {
        PATH: process.env.PATH ?? "",
        TMPDIR: temp,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: await freshDir("serve-data"),
        BUILD_DIR: path.join(temp, "no-build"),
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
    expect(await cachedModules(temp)).toBeGreaterThan(100);
  });
});
