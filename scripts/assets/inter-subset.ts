import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/**
 * The site's font, cut down at build time: Fontsource's Latin Inter (48 KB) keeps its Latin
 * coverage but only the weights the site uses (400–800, `font-weight` in app/app.css) and
 * the default OpenType features (stylistic alternates go): about 31 KB, every first visit.
 */
export const interWeights = { min: 400, max: 800 } as const;

/** Fontsource's `unicode-range` of its Latin subset; app/app.css declares the same. */
export const interUnicodeRange =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, " +
  "U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

export const interSource = createRequire(import.meta.url).resolve(
  "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
);

export async function interSubset(): Promise<Buffer> {
  return subsetFont(await readFile(interSource), codePoints(interUnicodeRange), {
    targetFormat: "woff2",
    variationAxes: { wght: interWeights },
  });
}

/** Every character of a CSS `unicode-range` list, as a string. */
export function codePoints(range: string): string {
  let text = "";
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    for (let code = Number.parseInt(from!, 16); code <= Number.parseInt(to!, 16); code++) {
      if (code >= 0x20) text += String.fromCodePoint(code);
    }
  }
  return text;
}
