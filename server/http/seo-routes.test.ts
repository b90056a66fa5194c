import { describe, expect, it } from "vitest";
import { brand } from "#app/content/brand.ts";
import { seoRoutes } from "./seo-routes.ts";

const app = seoRoutes({ PUBLIC_SITE_URL: "https://reelsmith.example" });

describe("seoRoutes", () => {
  it("robots.txt points at the sitemap and keeps crawlers off the API only", async () => {
    const text = await (await app.request("/robots.txt")).text();
    expect(text).toContain("Sitemap: https://reelsmith.example/sitemap.xml");
    expect(text).toContain("Disallow: /functions/");
    // noindex pages must stay fetchable, or their noindex is never seen.
    expect(text).not.toContain("Disallow: /thank-you");
  });

  it("sitemap.xml lists the two public pages under the public URL", async () => {
    const res = await app.request("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(["https://reelsmith.example/", "https://reelsmith.example/onboarding"]);
  });

  it("the web manifest names the brand from app/content/brand.ts and lists its icons", async () => {
    const res = await app.request("/manifest.webmanifest");
    expect(res.headers.get("content-type")).toBe("application/manifest+json");
    const manifest = await res.json();
    expect(manifest.short_name).toBe(brand.name);
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
      "192x192",
      "512x512",
      "any",
    ]);
  });
});
