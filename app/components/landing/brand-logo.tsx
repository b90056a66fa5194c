import { brand } from "~/content/brand";
import { playGlyphPath } from "./brand-mark";

/** The mark and the name. The mark's gradient is CSS, so the SVG needs no ids. */
export function BrandLogo() {
  return (
    <span className="flex items-center gap-2.5">
      <span className="grid size-8 place-items-center rounded-[0.6rem] bg-linear-to-br from-brand-500 via-rose-glow to-flame-500 shadow-md shadow-brand-600/30">
        <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8">
          <path d={playGlyphPath} fill="#fff" />
        </svg>
      </span>
      <span className="text-lg font-semibold tracking-tight text-white">{brand.name}</span>
    </span>
  );
}
