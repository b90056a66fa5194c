import sharp from "sharp";
import { brand } from "#app/content/brand.ts";
import { landing } from "#app/content/landing.ts";
import { plans } from "#app/content/plans.ts";
import { brandGradient, playGlyphPath } from "../../app/components/landing/brand-mark.ts";
import { reelHeight, reelWidth } from "./reel-frame.ts";

const width = 1200;
const height = 630;
/** Text is rasterised by librsvg with the system's fonts (Liberation Sans on Debian). */
const fontFamily = "Inter, 'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Greedy line breaking with an average glyph width (bold sans ≈ 0.56 em). */
function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const maxChars = Math.floor(maxWidth / (fontSize * 0.56));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The 1200 × 630 Open Graph image: brand, headline, gradient, three creators' reels. */
export async function ogImage(reels: readonly string[]): Promise<Buffer> {
  const stops = brandGradient
    .map((color, i) => `<stop offset="${i / (brandGradient.length - 1)}" stop-color="${color}"/>`)
    .join("");
  const headlineSize = 60;
  const lines = wrap(landing.hero.headline, headlineSize, 600);
  const headline = lines
    .map(
      (line, i) =>
        `<text x="72" y="${238 + i * headlineSize * 1.12}" font-size="${headlineSize}" font-weight="700" letter-spacing="-1.5" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
  const footY = 238 + lines.length * headlineSize * 1.12 + 28;
  const lowest = plans[0];
  const tilt = [-7, 0, 7];
  const placed = reels.slice(0, 3).map((svg, i) => {
    const w = 220;
    const h = (w * reelHeight) / reelWidth;
    const x = 700 + i * 150;
    const y = i === 1 ? 95 : 135;
    const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
    return `<g transform="rotate(${tilt[i]} ${x + w / 2} ${y + h / 2})"><rect x="${x - 4}" y="${y - 4}" width="${w + 8}" height="${h + 8}" rx="26" fill="#fff" fill-opacity=".14"/><clipPath id="clip${i}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22"/></clipPath><g clip-path="url(#clip${i})"><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${reelWidth} ${reelHeight}">${inner}</svg></g></g>`;
  });
  // Draw the middle reel last so it sits on top.
  const reelLayer = [placed[0], placed[2], placed[1]].filter(Boolean).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}">
<defs>
<linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient>
<linearGradient id="brandText" x1="0" y1="0" x2="1" y2="0">${stops}</linearGradient>
<radialGradient id="glowA" cx=".15" cy=".05" r=".55"><stop offset="0" stop-color="${brandGradient[0]}" stop-opacity=".55"/><stop offset="1" stop-color="${brandGradient[0]}" stop-opacity="0"/></radialGradient>
<radialGradient id="glowB" cx=".85" cy="1" r=".6"><stop offset="0" stop-color="${brandGradient[2]}" stop-opacity=".45"/><stop offset=".5" stop-color="${brandGradient[1]}" stop-opacity=".2"/><stop offset="1" stop-color="${brandGradient[1]}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="#09090b"/>
<rect width="${width}" height="${height}" fill="url(#glowA)"/>
<rect width="${width}" height="${height}" fill="url(#glowB)"/>
<g transform="translate(72 72)"><rect width="52" height="52" rx="14" fill="url(#brand)"/><path transform="scale(1.625)" d="${playGlyphPath}" fill="#fff"/></g>
<text x="140" y="108" font-size="34" font-weight="700" letter-spacing="-.5" fill="#fff">${escapeXml(brand.name)}</text>
<text x="72" y="176" font-size="22" font-weight="700" letter-spacing="2" fill="url(#brandText)">${escapeXml(landing.hero.eyebrow.toUpperCase())}</text>
${headline}
<text x="72" y="${footY}" font-size="24" fill="#a1a1aa">${escapeXml(`Plans from ${lowest?.price}/${lowest?.period} · ${landing.claims[0]?.value} ${landing.claims[0]?.label}`)}</text>
${reelLayer}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}
