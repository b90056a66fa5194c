import { describe, expect, it } from "vitest";
import { brandMarkSvg, svgDataUri } from "./brand-mark";

describe("svgDataUri", () => {
  it("is a data URL that decodes back to the very SVG document", () => {
    const svg = brandMarkSvg({ size: 32, radius: 8 });
    const uri = svgDataUri(svg);
    expect(uri.startsWith("data:image/svg+xml,")).toBe(true);
    expect(uri).not.toMatch(/[<>#"]/);
    expect(decodeURIComponent(uri.slice("data:image/svg+xml,".length))).toBe(svg);
  });
});
