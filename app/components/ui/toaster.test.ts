import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";

const appDir = path.resolve(import.meta.dirname, "../..");

test("only the lazy toaster imports sonner: a toast from sonner itself would have no toaster to show it", async () => {
  const files = (await readdir(appDir, { recursive: true })).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const importers: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(appDir, file), "utf8");
    if (/from "sonner"|import\("sonner"\)/.test(text)) importers.push(file);
  }
  expect(importers).toEqual([path.join("components", "ui", "toaster.tsx")]);
});
