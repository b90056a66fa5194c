import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { inside, specifiers, tsFiles } from "../test/imports.ts";

/**
 * The server's features stand side by side over db/ and a few shared helpers (answers/,
 * export/, hashing/, mail/, background/, http/…), never on each other: the composition root
 * wires them. A feature that needs another's code is a sign that the code belongs to neither:
 * move it to a shared module named for what it does.
 */
const features = ["intake", "delivery", "team", "cli", "inbound", "visits", "portal"];
const serverDir = path.resolve(import.meta.dirname, "..");

it("keeps each feature folder from importing another", () => {
  const crossings: string[] = [];
  for (const feature of features) {
    const dir = path.join(serverDir, feature);
    for (const file of tsFiles(dir)) {
      for (const specifier of specifiers(readFileSync(file, "utf8"))) {
        const target = specifier.startsWith(".")
          ? path.resolve(path.dirname(file), specifier)
          : specifier.startsWith("#server/")
            ? path.join(serverDir, specifier.slice("#server/".length))
            : undefined;
        const other = features.find(
          (name) => name !== feature && target && inside(path.join(serverDir, name), target),
        );
        if (other)
          crossings.push(`${path.relative(serverDir, file)} imports ${other}/: ${specifier}`);
      }
    }
  }
  expect(crossings).toEqual([]);
});

it("sees an import across features when there is one", () => {
  const file = path.join(serverDir, "team", "x.ts");
  const target = path.resolve(path.dirname(file), "../delivery/worker.ts");
  expect(inside(path.join(serverDir, "delivery"), target)).toBe(true);
  expect(specifiers('import { x } from "../delivery/worker.ts";\n')).toEqual([
    "../delivery/worker.ts",
  ]);
});
