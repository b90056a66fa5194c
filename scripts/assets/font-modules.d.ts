// Type declarations for the two font tools the build uses (neither ships its own).
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "woff2" | "woff" | "truetype" | "sfnt";
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}

declare module "fontverter" {
  export function convert(
    font: Buffer,
    toFormat: "woff2" | "woff" | "truetype" | "sfnt",
  ): Promise<Buffer>;
}
