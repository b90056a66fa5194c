/**
 * The Reelsmith mark: a play button on the brand gradient. Plain data, shared by the page
 * (site-header.tsx) and the icon generator (scripts/assets/brand-icons.ts).
 */
export const brandGradient = ["#8b5cf6", "#ec4899", "#f97316"] as const;

/** The play glyph, in a 32-unit square. */
export const playGlyphPath =
  "M12 10.4v11.2a1.2 1.2 0 0 0 1.8 1l9-5.6a1.2 1.2 0 0 0 0-2l-9-5.6a1.2 1.2 0 0 0-1.8 1z";

/** The whole mark as a standalone SVG document (favicon, app icons). */
export function brandMarkSvg(options: { size: number; radius: number; inset?: number }): string {
  const { size, radius } = options;
  const inset = options.inset ?? 0;
  const glyphScale = (size - inset * 2) / 32;
  const stops = brandGradient
    .map(
      (color, index) =>
        `<stop offset="${index / (brandGradient.length - 1)}" stop-color="${color}"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><defs><linearGradient id="mark" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs><rect width="${size}" height="${size}" rx="${radius}" fill="url(#mark)"/><path transform="translate(${inset} ${inset}) scale(${glyphScale})" d="${playGlyphPath}" fill="#fff"/></svg>`;
}

/** An SVG document as a compact `data:` URL: only the characters a URL needs are escaped. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${svg.replace(/[<>#%"]/g, encodeURIComponent)}`;
}
