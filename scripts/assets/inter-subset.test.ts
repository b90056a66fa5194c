import { readFileSync } from "node:fs";
import path from "node:path";
import { convert } from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { codePoints, interSubset, interUnicodeRange, interWeights } from "./inter-subset.ts";

const subset = await interSubset();
/** Every module of app/content/: all the copy the pages, emails and messages show. */
const content = import.meta.glob(["../../app/content/*.ts", "!../../app/content/*.test.ts"], {
  eager: true,
});
const face = new Face(new Blob(await convert(subset, "truetype")), 0);

describe("the subset Inter", () => {
  it("is a woff2 of at most 32 KiB (Fontsource's Latin file: 48 KB)", () => {
    expect(subset.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(subset.length).toBeLessThanOrEqual(32 * 1024);
  });

  it("draws every character of the site's copy", () => {
    expect(Object.keys(content)).toContain("../../app/content/landing.ts");
    const covered = new Set(face.collectUnicodes());
    const used = new Set([...JSON.stringify(content)].map((char) => char.codePointAt(0)!));
    expect([...used].filter((code) => !covered.has(code))).toEqual([]);
  });

  it("keeps the Latin coverage of its source", () => {
    const covered = new Set(face.collectUnicodes());
    const sample = [..."ÀÉÎÕÜßçñøåæœ€–—“”…"].map((char) => char.codePointAt(0)!);
    expect(sample.filter((code) => !covered.has(code))).toEqual([]);
    expect(codePoints("U+0041-0043, U+20AC")).toBe("ABC€");
  });

  it("varies over exactly the weights app.css declares", () => {
    expect(face.getAxisInfos().wght).toMatchObject({
      min: interWeights.min,
      max: interWeights.max,
    });
    const css = readFileSync(path.join(import.meta.dirname, "../../app/app.css"), "utf8");
    const face0 = css.match(/@font-face\s*{[^}]*font-family: "Inter Variable";[^}]*}/)?.[0] ?? "";
    expect(face0).toContain(`font-weight: ${interWeights.min} ${interWeights.max};`);
    expect(face0.replace(/\s+/g, " ")).toContain(`unicode-range: ${interUnicodeRange};`);
    expect(face0).toContain("generated/fonts/inter-latin.woff2");
  });
});
