/** Draws a Lucide icon (ISC licence) inside an SVG we compose, from its published node data. */
type IconNode = readonly (readonly [string, Record<string, string | number>])[];

export interface LucideIcon {
  __iconData: { name: string; node: IconNode };
}

/** Loads an icon's node data by its Lucide name (e.g. "chef-hat") without rendering React. */
export async function loadIcon(name: string): Promise<LucideIcon["__iconData"]> {
  const module = (await import(`lucide-react/icons/${name}`)) as LucideIcon;
  return module.__iconData;
}

/** The icon as an SVG group: 24-unit artwork scaled to `size`, stroked with `color`. */
export function iconGroup(
  icon: LucideIcon["__iconData"],
  options: {
    x: number;
    y: number;
    size: number;
    color: string;
    strokeWidth?: number;
    fill?: string;
  },
): string {
  const scale = options.size / 24;
  const children = icon.node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => `${key}="${value}"`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
  return `<g transform="translate(${options.x} ${options.y}) scale(${scale})" fill="${options.fill ?? "none"}" stroke="${options.color}" stroke-width="${options.strokeWidth ?? 2}" stroke-linecap="round" stroke-linejoin="round">${children}</g>`;
}
