/**
 * The creators' reels drawn by scripts/generate-assets.ts, as WebP in two widths. Vite
 * fingerprints them (`/assets/{id}-{width}-{hash}.webp`), so they are cached for a year.
 */
const files = import.meta.glob<string>("../../generated/creators/*.webp", {
  eager: true,
  query: "?url",
  import: "default",
});

export interface CreatorImage {
  src: string;
  srcSet: string;
}

const byId = new Map<string, { width: number; url: string }[]>();
for (const [file, url] of Object.entries(files)) {
  const match = file.match(/([\w-]+)-(\d+)\.webp$/);
  if (!match) continue;
  const [, id, width] = match;
  byId.set(id!, [...(byId.get(id!) ?? []), { width: Number(width), url }]);
}

export function creatorImage(id: string): CreatorImage | undefined {
  const variants = byId.get(id)?.sort((a, b) => a.width - b.width);
  if (!variants?.length) return undefined;
  return {
    src: variants[0]!.url,
    srcSet: variants.map((variant) => `${variant.url} ${variant.width}w`).join(", "),
  };
}
