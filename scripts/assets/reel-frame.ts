import { createAvatar } from "@dicebear/core";
import * as openPeeps from "@dicebear/open-peeps";
import sharp from "sharp";
import type { Creator } from "#app/content/landing.ts";
import { type CreatorLook, creatorLooks, fallbackProp } from "./creator-looks.ts";
import { iconGroup, loadIcon } from "./lucide-svg.ts";

/** Size of a reel frame: 9:16, drawn at 360 × 640 and shown smaller. */
export const reelWidth = 360;
export const reelHeight = 640;
/**
 * Widths of the raster files: the band shows a reel 160 px wide on phones and up to 208 px on
 * wide screens, so 270 (1×), 360 (phones at 1.75–2×) and 540 (2–3×).
 */
export const reelWidths = [270, 360, 540] as const;
/** AVIF first (about 40% smaller here, same look), WebP for browsers without AVIF. */
export const reelFormats = ["avif", "webp"] as const;
export type ReelFormat = (typeof reelFormats)[number];

/** A reel rasterised at `width` (height follows, 9:16). */
export function reelImage(svg: string, width: number, format: ReelFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: (72 * width) / reelWidth }).resize(
    width,
    Math.round((width * reelHeight) / reelWidth),
  );
  return (
    format === "avif"
      ? image.avif({ quality: 55, effort: 6 })
      : image.webp({ quality: 82, effort: 6 })
  ).toBuffer();
}

/** The Open Peeps character of a creator, as the inner markup of a 704-unit square SVG. */
function character(creator: Creator, look: CreatorLook | undefined): string {
  const options = look
    ? {
        seed: creator.id,
        head: [look.head],
        face: [look.face],
        skinColor: [look.skin],
        clothingColor: [look.clothing],
        accessories: look.accessories ? [look.accessories] : [],
        accessoriesProbability: look.accessories ? 100 : 0,
        facialHair: look.facialHair ? [look.facialHair] : [],
        facialHairProbability: look.facialHair ? 100 : 0,
        maskProbability: 0,
        clip: false,
      }
    : { seed: creator.id, maskProbability: 0, clip: false };
  // biome-ignore lint/suspicious/noExplicitAny: the style's option types are generated per style
  const svg = createAvatar(openPeeps, options as any).toString();
  return svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
}

/**
 * One creator as a vertical "reel": the niche's gradient, soft light, the character filming
 * themself, a sticker with the niche's prop, and the reel's interface (progress, actions).
 * Captions are HTML over the image, so they use the site's font and stay real text.
 */
export async function reelFrame(creator: Creator): Promise<string> {
  const look = creatorLooks[creator.id];
  const [from, to] = creator.colors;
  const prop = await loadIcon(look?.prop ?? fallbackProp);
  const [heart, comment, send, bookmark] = await Promise.all(
    ["heart", "message-circle", "send", "bookmark"].map(loadIcon),
  );
  const id = creator.id.replace(/[^a-z0-9-]/gi, "");
  const rail = [heart!, comment!, send!, bookmark!]
    .map((icon, index) =>
      iconGroup(icon, {
        x: 318,
        y: 356 + index * 52,
        size: 28,
        color: "#fff",
        strokeWidth: 2.2,
        fill: index === 0 ? "#fff" : "none",
      }),
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${reelWidth}" height="${reelHeight}" viewBox="0 0 ${reelWidth} ${reelHeight}">
<defs>
<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="${id}-light" cx=".78" cy=".2" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}-scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".8"/></linearGradient>
<filter id="${id}-shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="#000" flood-opacity=".25"/></filter>
</defs>
<rect width="${reelWidth}" height="${reelHeight}" fill="url(#${id}-bg)"/>
<rect width="${reelWidth}" height="${reelHeight}" fill="url(#${id}-light)"/>
<circle cx="300" cy="170" r="150" fill="#fff" fill-opacity=".1"/>
<circle cx="40" cy="330" r="90" fill="#000" fill-opacity=".07"/>
${iconGroup(prop, { x: 150, y: 84, size: 190, color: "#fff", strokeWidth: 1.1 }).replace("<g ", '<g opacity=".22" ')}
<svg x="-4" y="170" width="330" height="480" viewBox="0 0 704 1024">${character(creator, look)}</svg>
<g filter="url(#${id}-shadow)" transform="rotate(-8 74 146)">
<rect x="28" y="100" width="92" height="92" rx="24" fill="#fff"/>
${iconGroup(prop, { x: 48, y: 120, size: 52, color: to, strokeWidth: 2 })}
</g>
<rect y="430" width="${reelWidth}" height="210" fill="url(#${id}-scrim)"/>
<g fill="#fff"><rect x="16" y="16" width="104" height="4" rx="2"/><rect x="128" y="16" width="104" height="4" rx="2" fill-opacity=".45"/><rect x="240" y="16" width="104" height="4" rx="2" fill-opacity=".45"/></g>
<g filter="url(#${id}-shadow)">${rail}</g>
</svg>
`;
}
