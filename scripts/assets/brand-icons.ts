import sharp from "sharp";
import { brandMarkSvg } from "../../app/components/landing/brand-mark.ts";
import { pngsToIco } from "./ico.ts";

/** The site's icons, all drawn from the brand mark: name in public/ → file contents. */
export async function brandIcons(): Promise<Record<string, Buffer | string>> {
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const rounded = (size: number) => brandMarkSvg({ size, radius: Math.round(size * 0.25) });
  const [ico16, ico32, touch, icon192, icon512] = await Promise.all([
    png(rounded(16)),
    png(rounded(32)),
    // iOS rounds the corners itself and dislikes transparency: a full square.
    png(brandMarkSvg({ size: 180, radius: 0, inset: 18 })),
    png(rounded(192)),
    png(rounded(512)),
  ]);
  return {
    "favicon.svg": `${brandMarkSvg({ size: 32, radius: 8 })}\n`,
    "favicon.ico": pngsToIco([
      { size: 16, png: ico16 },
      { size: 32, png: ico32 },
    ]),
    "apple-touch-icon.png": touch,
    "icon-192.png": icon192,
    "icon-512.png": icon512,
  };
}
