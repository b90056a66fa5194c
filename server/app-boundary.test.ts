import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inside, specifiers, tsFiles } from "./test/imports.ts";

/**
 * The server runs as TypeScript in plain Node (no Vite, no tsconfig paths), and loads a few
 * modules of app/: exactly those in app/shared/, through package.json "imports" (#app/shared/…).
 * Vitest and tsc resolve `~/` and accept syntax Node cannot strip, so without this test a slip
 * there passes every other check and breaks `npm start`.
 */
const root = path.resolve(import.meta.dirname, "..");
const appDir = path.join(root, "app");
const sharedDir = path.join(appDir, "shared");

/** What is wrong with `file` naming `specifier`, or undefined. */
function serverImportProblem(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return "uses ~/ (Vite's alias: Node cannot resolve it)";
  if (specifier.startsWith("#app/") && !specifier.startsWith("#app/shared/"))
    return "imports from app/ outside app/shared/";
  if (specifier.startsWith(".") && inside(appDir, path.resolve(path.dirname(file), specifier)))
    return "imports app/ by a relative path (use #app/shared/…)";
  return undefined;
}

function sharedImportProblem(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return "uses ~/ (Vite's alias: Node cannot resolve it)";
  if (specifier.startsWith("#") && !specifier.startsWith("#app/shared/"))
    return "imports outside app/shared/";
  if (!specifier.startsWith(".")) return undefined; // a package
  if (!specifier.endsWith(".ts")) return "a relative import without its .ts extension";
  if (!inside(sharedDir, path.resolve(path.dirname(file), specifier)))
    return "imports outside app/shared/";
  return undefined;
}

const relative = (file: string) => path.relative(root, file);
const serverFiles = tsFiles(path.join(root, "server"));
const sharedModules = tsFiles(sharedDir).filter((file) => !/\.test\.tsx?$/.test(file));

describe("the boundary between the server and app/", () => {
  it("the server imports from app/ only app/shared/, through #app/shared/…", () => {
    const problems = serverFiles.flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).flatMap((specifier) => {
        const problem = serverImportProblem(file, specifier);
        return problem ? [`${relative(file)}: "${specifier}" ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
    // And it does load app/shared/ that way (the scan above would miss a change of syntax).
    expect(serverFiles.some((file) => readFileSync(file, "utf8").includes('"#app/shared/'))).toBe(
      true,
    );
  });

  it.each(sharedModules.map((file) => [relative(file), file]))(
    "%s is plain TypeScript that Node can strip, importing only app/shared/ and packages",
    (_, file) => {
      expect(path.extname(file)).toBe(".ts"); // no JSX
      const source = readFileSync(file, "utf8");
      // Throws on what type stripping cannot erase: enums, namespaces, parameter properties, JSX.
      expect(() => stripTypeScriptTypes(source, { mode: "strip" })).not.toThrow();
      const problems = specifiers(source).flatMap((specifier) => {
        const problem = sharedImportProblem(file, specifier);
        return problem ? [`"${specifier}" ${problem}`] : [];
      });
      expect(problems).toEqual([]);
    },
  );

  it("plain Node loads every app/shared/ module as the server names it", () => {
    const names = sharedModules.map((file) => `#app/shared/${path.relative(sharedDir, file)}`);
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
