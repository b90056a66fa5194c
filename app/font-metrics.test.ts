import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The "Inter Fallback" face in app.css stretches a local Arial (or its metric twin, Liberation
// Sans) to Inter's proportions, so text laid out before the web font arrives does not move when
// it swaps in. The overrides are computed from the fonts' metrics (Capsize's method).

/**
 * The fonts' metrics in font units, as published by Capsize in @capsizecss/metrics 4.3.0
 * (`@capsizecss/metrics/inter`: Inter Regular, `@capsizecss/metrics/arial`: ArialMT; read
 * from the fonts' hhea/OS2 tables; xWidthAvg is the width of Latin text weighted by letter
 * frequency). Kept here so the test needs no 168 MB package for eight numbers.
 */
const inter = { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 };
const arial = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 };
const css = readFileSync(path.join(import.meta.dirname, "app.css"), "utf8");
/** The "Inter Fallback" faces, in the order app.css declares them; the first is the regular. */
const fallbackFaces = css.match(/@font-face\s*{[^}]*font-family:\s*"Inter Fallback"[^}]*}/g) ?? [];
const fallbackFace = fallbackFaces[0];

/** A descriptor's value in app.css, in percent with 2 decimals ("90.44"). */
const declared = (descriptor: string) => {
  const value = fallbackFace?.match(new RegExp(`${descriptor}:\\s*([\\d.]+)%;`))?.[1];
  return value === undefined ? undefined : Number(value).toFixed(2);
};
const percent = (value: number) => (value * 100).toFixed(2);
const sizeAdjust = inter.xWidthAvg / inter.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);

describe("the Inter fallback font face", () => {
  it("exists and falls back to Arial or Liberation Sans", () => {
    expect(fallbackFace).toBeDefined();
    expect(fallbackFace).toContain('local("Arial")');
    expect(fallbackFace).toContain('local("Liberation Sans")');
  });

  it("names each local font once, by its full name (each name is a lookup in the first layout)", () => {
    expect(fallbackFaces).toHaveLength(4);
    for (const face of fallbackFaces) {
      const names = [...face.matchAll(/local\("([^"]+)"\)/g)].map((match) => match[1]);
      expect(names).toHaveLength(2);
      expect(names.every((name) => /^(Arial|Liberation Sans)( Bold)?$/.test(name!))).toBe(true);
    }
  });

  it("carries the size and vertical metric overrides computed from Inter over Arial", () => {
    expect(sizeAdjust).toBeCloseTo(1.0712, 3);
    expect(declared("size-adjust")).toBe(percent(sizeAdjust));
    expect(declared("ascent-override")).toBe(percent(inter.ascent / inter.unitsPerEm / sizeAdjust));
    expect(declared("descent-override")).toBe(
      percent(Math.abs(inter.descent) / inter.unitsPerEm / sizeAdjust),
    );
    expect(declared("line-gap-override")).toBe(
      percent(inter.lineGap / inter.unitsPerEm / sizeAdjust),
    );
  });

  it("keeps Inter's line box on every fallback face, the bold ones included", () => {
    expect(
      fallbackFaces.map((face) => face.match(/font-weight:\s*([^;]+);/)?.[1] ?? "normal"),
    ).toEqual(["normal", "500 599", "600 799", "800 900"]);
    for (const face of fallbackFaces) {
      const value = (descriptor: string) =>
        Number(face.match(new RegExp(`${descriptor}:\\s*([\\d.]+)%;`))?.[1]) / 100;
      // The override is scaled by size-adjust: their product is Inter's own metric.
      expect(value("ascent-override") * value("size-adjust")).toBeCloseTo(
        inter.ascent / inter.unitsPerEm,
        3,
      );
      expect(value("descent-override") * value("size-adjust")).toBeCloseTo(
        Math.abs(inter.descent) / inter.unitsPerEm,
        3,
      );
    }
  });

  it("comes right after Inter in the font stack", () => {
    expect(css).toMatch(/--font-sans:\s*"Inter Variable",\s*"Inter Fallback",/);
  });
});
