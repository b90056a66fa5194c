import { readdirSync } from "node:fs";
import path from "node:path";

/** Every .ts/.tsx file under `dir`. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module a file names: static imports and re-exports (types too), and import("…"). */
export function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm),
    ...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return found.map((match) => match[1] as string);
}

/** True when `file` is `dir` or below it. */
export const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith("..");
