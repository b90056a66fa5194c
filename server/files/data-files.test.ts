import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { insideDataDir, namesIn, removeDataFiles } from "./data-files.ts";

it("deletes the files named under DATA_DIR (and the folders it empties) and refuses any path leading out of it", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "data-files-"));
  const dataDir = path.join(root, "data");
  await mkdir(path.join(dataDir, "inbound"), { recursive: true });
  await writeFile(path.join(dataDir, "inbound", "a.eml"), "raw");
  await mkdir(path.join(dataDir, "inbound", "m1"));
  await writeFile(path.join(dataDir, "inbound", "m1", "b.pdf"), "attachment");
  // Another message's folder keeps what was not named.
  await mkdir(path.join(dataDir, "inbound", "m2"));
  await writeFile(path.join(dataDir, "inbound", "m2", "c.pdf"), "kept");
  await writeFile(path.join(dataDir, "inbound", "m2", "d.pdf"), "named");
  // Outside DATA_DIR, beside it: must survive however it is named.
  await writeFile(path.join(root, "outside.txt"), "not ours");
  await writeFile(path.join(root, "data-other"), "not ours either");

  const escaping = [
    "../outside.txt",
    "inbound/../../outside.txt",
    path.join(root, "outside.txt"),
    "../data-other",
    ".",
    "",
    "inbound/a.eml\0.txt",
  ];
  const result = await removeDataFiles(dataDir, [
    "inbound/a.eml",
    "inbound/m1/b.pdf",
    "inbound/m2/d.pdf",
    "inbound/gone.eml", // already deleted: fine
    "inbound/m3/gone.pdf", // a folder already gone: fine
    ...escaping,
  ]);
  expect(result).toEqual({ removed: 3, refused: escaping });
  // The folder it emptied went with its file; inbound/ itself and a folder still holding a file stay.
  expect(await readdir(path.join(dataDir, "inbound"))).toEqual(["m2"]);
  expect(await readdir(path.join(dataDir, "inbound", "m2"))).toEqual(["c.pdf"]);
  expect((await readdir(root)).sort()).toEqual(["data", "data-other", "outside.txt"]);
  expect(insideDataDir(dataDir, "inbound/x")).toBe(path.join(dataDir, "inbound", "x"));
});

it("lists a folder's names, none for a folder not made yet, and throws for a path that is no folder", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "data-files-"));
  await writeFile(path.join(root, "a.eml"), "raw");
  expect(await namesIn(root)).toEqual(["a.eml"]);
  expect(await namesIn(path.join(root, "not-yet"))).toEqual([]);
  await expect(namesIn(path.join(root, "a.eml"))).rejects.toMatchObject({ code: "ENOTDIR" });
});
