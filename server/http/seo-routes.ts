import { Hono } from "hono";
import { brand } from "#app/content/brand.ts";
import { paths } from "#app/shared/paths.ts";
import type { Config } from "../config.ts";

/**
 * robots.txt, sitemap.xml and the web app manifest, from the configured public URL.
 * The thank-you and 404 pages are kept out of search by their `noindex` meta, not by robots.txt:
 * a crawler must be allowed to fetch a page to see that it should not index it.
 */
export function seoRoutes(config: Pick<Config, "PUBLIC_SITE_URL">): Hono {
  const base = config.PUBLIC_SITE_URL;
  const app = new Hono();
  const cache = "public, max-age=3600";

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", cache);
    return c.text(
      `User-agent: *\nAllow: /\nDisallow: /functions/\n\nSitemap: ${base}/sitemap.xml\n`,
    );
  });

  app.get("/sitemap.xml", (c) => {
    const urls = [paths.home, paths.onboarding]
      .map((path) => `  <url><loc>${base}${path}</loc></url>`)
      .join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", cache);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    );
  });

  app.get("/manifest.webmanifest", (c) => {
    c.header("Content-Type", "application/manifest+json");
    c.header("Cache-Control", cache);
    return c.body(
      JSON.stringify({
        name: `${brand.name}: ${brand.tagline}`,
        short_name: brand.name,
        description: brand.description,
        start_url: paths.home,
        display: "standalone",
        background_color: "#09090b",
        theme_color: "#09090b",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      }),
    );
  });
  return app;
}
