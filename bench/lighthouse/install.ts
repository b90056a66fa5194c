import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Lighthouse is no dependency of the project (157 MB for one benchmark, and CI does not run it):
 * the benchmark installs this exact version into a cache outside the project the first time it
 * runs, and imports it from there afterwards, offline. LIGHTHOUSE_CACHE_DIR moves the cache.
 */
export const lighthouseVersion = "13.5.0";

const cacheDir = path.resolve(
  process.env.LIGHTHOUSE_CACHE_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "reelsmith"),
);
const installDir = path.join(cacheDir, `lighthouse-${lighthouseVersion}`);
const modules = path.join(installDir, "node_modules");

function installedVersion(): string | undefined {
  const manifest = path.join(modules, "lighthouse", "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}

/** Installs the pinned Lighthouse unless it is cached; a half-done install is never used. */
export async function ensureLighthouse(): Promise<string> {
  if (installedVersion() === lighthouseVersion) return modules;
  console.log(`Installing lighthouse@${lighthouseVersion} into ${installDir} (once)…`);
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(path.join(cacheDir, ".staging-"));
  try {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(
      npm,
      [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--omit=dev",
        "--prefix",
        staging,
        `lighthouse@${lighthouseVersion}`,
      ],
      { stdio: "inherit" },
    );
    if (result.status !== 0) {
      throw new Error(`npm install lighthouse@${lighthouseVersion} failed (exit ${result.status})`);
    }
    await rm(installDir, { recursive: true, force: true });
    await rename(staging, installDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (installedVersion() !== lighthouseVersion) {
    throw new Error(`lighthouse@${lighthouseVersion} is not in ${modules} after installing it`);
  }
  return modules;
}

/** Imports a module by its path inside the cached install (`lighthouse/core/index.js`). */
export function importCached<T>(modulesDir: string, file: string): Promise<T> {
  return import(pathToFileURL(path.join(modulesDir, file)).href) as Promise<T>;
}
