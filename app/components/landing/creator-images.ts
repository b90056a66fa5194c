/**
 * The creators' reels drawn by scripts/generate-assets.ts, in three widths, as AVIF and as WebP
 * (for browsers without AVIF). Vite fingerprints them (`/assets/{id}-{width}-{hash}.avif`), so
 * they are cached for a year.
 */
const files = import.meta.glob<string>("../../generated/creators/*.{avif,webp}", {
  eager: true,
  query: "?url",
  import: "default",
});

export interface CreatorImage {
  /** The smallest WebP: what a browser without srcset support loads. */
  src: string;
  srcSet: { avif: string; webp: string };
}

type Variant = { width: number; url: string };
const byId = new Map<string, { avif: Variant[]; webp: Variant[] }>();
for (const [file, url] of Object.entries(files)) {
  const match = file.match(/([\w-]+)-(\d+)\.(avif|webp)$/);
  if (!match) continue;
  const [, id, width, format] = match as unknown as [string, string, string, "avif" | "webp"];
  const entry = byId.get(id) ?? { avif: [], webp: [] };
  entry[format].push({ width: Number(width), url });
  byId.set(id, entry);
}

const srcSet = (variants: Variant[]) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");

export function creatorImage(id: string): CreatorImage | undefined {
  const entry = byId.get(id);
  if (!entry?.webp.length || !entry.avif.length) return undefined;
  const [avif, webp] = [entry.avif, entry.webp].map((list) =>
    [...list].sort((a, b) => a.width - b.width),
  ) as [Variant[], Variant[]];
  return { src: webp[0]!.url, srcSet: { avif: srcSet(avif), webp: srcSet(webp) } };
}
