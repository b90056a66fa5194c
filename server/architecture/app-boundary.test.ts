import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inside, specifiers, tsFiles } from "../test/imports.ts";

/**
 * The server runs as TypeScript in plain Node (no Vite, no tsconfig paths), and loads a few
 * modules of app/: exactly those in app/shared/ (rules, types, paths) and app/content/ (the
 * copy: plain data), through package.json "imports" (#app/shared/…, #app/content/…).
 * Vitest and tsc resolve `~/` and accept syntax Node cannot strip, so without this test a slip
 * there passes every other check and breaks `npm start`.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const appDir = path.join(root, "app");
const sharedDir = path.join(appDir, "shared");
const contentDir = path.join(appDir, "content");
/** The folders of app/ the server loads, and what each of their modules may import of app/. */
const loaded = [
  { dir: sharedDir, name: "shared", mayImport: [sharedDir, contentDir] },
  { dir: contentDir, name: "content", mayImport: [contentDir] },
];

/** What is wrong with `file` naming `specifier`, or undefined. */
function serverImportProblem(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return "uses ~/ (Vite's alias: Node cannot resolve it)";
  if (specifier.startsWith("#app/") && !/^#app\/(shared|content)\//.test(specifier))
    return "imports from app/ outside app/shared/ and app/content/";
  if (specifier.startsWith(".") && inside(appDir, path.resolve(path.dirname(file), specifier)))
    return "imports app/ by a relative path (use #app/shared/… or #app/content/…)";
  return undefined;
}

/** What is wrong with a module of app/shared/ or app/content/ naming `specifier`. */
function loadedImportProblem(
  file: string,
  specifier: string,
  mayImport: string[],
): string | undefined {
  const where = mayImport.map((dir) => `${relative(dir)}/`).join(" and ");
  if (specifier.startsWith("~/")) return "uses ~/ (Vite's alias: Node cannot resolve it)";
  if (specifier.startsWith("#")) return `names ${specifier} (use a relative path inside ${where})`;
  if (!specifier.startsWith(".")) return undefined; // a package
  if (!specifier.endsWith(".ts")) return "a relative import without its .ts extension";
  const target = path.resolve(path.dirname(file), specifier);
  if (!mayImport.some((dir) => inside(dir, target))) return `imports outside ${where}`;
  return undefined;
}

const relative = (file: string) => path.relative(root, file);
const serverFiles = tsFiles(path.join(root, "server"));
const loadedModules = loaded.flatMap((folder) =>
  tsFiles(folder.dir)
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => ({ ...folder, file })),
);

describe("the boundary between the server and app/", () => {
  it("the server imports from app/ only app/shared/ and app/content/, through #app/…", () => {
    const problems = serverFiles.flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).flatMap((specifier) => {
        const problem = serverImportProblem(file, specifier);
        return problem ? [`${relative(file)}: "${specifier}" ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
    // And it does load both that way (the scan above would miss a change of syntax).
    for (const { name } of loaded) {
      const named = `"#app/${name}/`;
      expect(
        serverFiles.some((file) => readFileSync(file, "utf8").includes(named)),
        name,
      ).toBe(true);
    }
  });

  it.each(loadedModules.map((module) => [relative(module.file), module]))(
    "%s is plain TypeScript that Node can strip, importing only what it may and packages",
    (_, { file, mayImport }) => {
      expect(path.extname(file)).toBe(".ts"); // no JSX
      const source = readFileSync(file, "utf8");
      // Throws on what type stripping cannot erase: enums, namespaces, parameter properties, JSX.
      expect(() => stripTypeScriptTypes(source, { mode: "strip" })).not.toThrow();
      const problems = specifiers(source).flatMap((specifier) => {
        const problem = loadedImportProblem(file, specifier, mayImport);
        return problem ? [`"${specifier}" ${problem}`] : [];
      });
      expect(problems).toEqual([]);
    },
  );

  it("plain Node loads every app/shared/ and app/content/ module as the server names it", () => {
    const names = loadedModules.map(
      ({ name, dir, file }) => `#app/${name}/${path.relative(dir, file)}`,
    );
    const script = `for (const name of ${JSON.stringify(names)}) await import(name);`;
    const node = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    expect(node.stderr).toBe("");
    expect(node.status).toBe(0);
  });
});
