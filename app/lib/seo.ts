import type { MetaDescriptor } from "react-router";
import { brand } from "~/content/brand";

/** The public origin of the site, fixed at build time (canonical URLs of prerendered pages). */
export const siteUrl = (import.meta.env.PUBLIC_SITE_URL || "http://localhost:3000").replace(
  /\/+$/,
  "",
);

export function absoluteUrl(path: string): string {
  return `${siteUrl}${path}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags of one page. */
export function pageMeta(page: {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const url = absoluteUrl(page.path);
  const image = absoluteUrl("/og-image.png");
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${brand.name}: ${brand.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}
