import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { specifiers, tsFiles } from "../test/imports.ts";

/**
 * No import circle in server/ or app/, type-only imports included: a circle means two modules
 * that cannot be understood (or moved) apart, and, for values, an order of evaluation that
 * depends on who is imported first. Tests are left out (they import what they test).
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const aliases: Record<string, string> = {
  "#app/": path.join(root, "app"),
  "#server/": path.join(root, "server"),
};

/** The file a specifier names, when it is one of the project's. */
function resolved(from: string, specifier: string): string | undefined {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  const base = specifier.startsWith(".")
    ? path.resolve(path.dirname(from), specifier)
    : alias
      ? path.join(aliases[alias] as string, specifier.slice(alias.length))
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

/** The graph of imports among `files`: file -> the files it imports. */
function importGraph(
  files: readonly string[],
  read = (file: string) => readFileSync(file, "utf8"),
) {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(read(file))
      .map((specifier) => resolved(file, specifier))
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle: the strongly connected components of more than one file, or a file importing itself (Tarjan). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const productFiles = () =>
  ["server", "app"]
    .flatMap((dir) => tsFiles(path.join(root, dir)))
    .filter((file) => !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .filter((file) => !file.split(path.sep).includes("+types"));

it("finds no import circle in server/ or app/ (type-only imports included)", () => {
  const found = circles(importGraph(productFiles())).map((circle) =>
    circle.map((file) => path.relative(root, file)).join(" <-> "),
  );
  expect(found).toEqual([]);
});

it("sees a circle when there is one, through a type-only import too", () => {
  const a = path.join(root, "server", "a.ts");
  const b = path.join(root, "server", "b.ts");
  const c = path.join(root, "server", "c.ts");
  const graph = new Map([
    [a, [b]],
    [b, [c]],
    [c, [a]],
  ]);
  expect(circles(graph)).toEqual([[a, b, c].sort()]);
  expect(specifiers('import type { Dialect } from "./database.ts";\n')).toEqual(["./database.ts"]);
  expect(
    circles(
      new Map([
        [a, [b]],
        [b, []],
      ]),
    ),
  ).toEqual([]);
});
