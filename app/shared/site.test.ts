import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { site } from "./site";

/** Every string in the content, with its path ("seo.home.title"). */
function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, at ? `${at}.${key}` : key));
}

const run = promisify(execFile);

const derived = [
  "contact.subject",
  "emails.confirmation.subject",
  "emails.confirmation.signature",
  "seo.home.title",
  "seo.onboarding.title",
  "seo.thankYou.title",
  "seo.notFound.title",
];

describe("the brand name", () => {
  const directory = mkdtemp(path.join(tmpdir(), "site-rebrand-"));
  afterAll(async () => rm(await directory, { recursive: true, force: true }));

  /** site.ts with its one `name:` line of the brand changed, loaded by Node as a module. */
  async function rebranded(name: string): Promise<typeof site> {
    const source = await readFile(path.join(import.meta.dirname, "site.ts"), "utf8");
    const line = `  name: "${site.brand.name}",\n`;
    expect(source.split(line)).toHaveLength(2);
    const file = path.join(await directory, "site.mts");
    await writeFile(file, source.replace(line, `  name: "${name}",\n`));
    const script = `const { site } = await import(${JSON.stringify(pathToFileURL(file).href)});
      process.stdout.write(JSON.stringify(site));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", script]);
    return JSON.parse(stdout) as typeof site;
  }

  it("is written once: titles, subjects and the signature carry it", () => {
    const all = new Map(strings(site));
    for (const key of derived) expect(all.get(key), key).toContain(site.brand.name);
    const written = strings(site).filter(([, text]) => text.includes(site.brand.name));
    expect(written.map(([key]) => key).sort()).toEqual(["brand.name", ...derived].sort());
  });

  it("changes everywhere when its one line changes", async () => {
    const other = await rebranded("Cutroom");
    const all = new Map(strings(other));
    expect(other.brand.name).toBe("Cutroom");
    for (const key of derived) {
      expect(all.get(key), key).toBe(
        new Map(strings(site)).get(key)!.replaceAll(site.brand.name, "Cutroom"),
      );
    }
    expect(strings(other).filter(([, text]) => text.includes(site.brand.name))).toEqual([]);
  });
});
