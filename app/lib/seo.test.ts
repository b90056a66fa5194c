import { describe, expect, it } from "vitest";
import { pageMeta } from "./seo";

describe("pageMeta", () => {
  it("gives a title, description, canonical URL and a 1200×630 social image", () => {
    const meta = pageMeta({ title: "T", description: "D", path: "/onboarding" });
    expect(meta).toContainEqual({ title: "T" });
    expect(meta).toContainEqual({ name: "description", content: "D" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "http://localhost:3000/onboarding",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "http://localhost:3000/og-image.png",
    });
    expect(meta).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("marks pages that should stay out of search results", () => {
    expect(pageMeta({ title: "T", description: "D", path: "/x", noindex: true })).toContainEqual({
      name: "robots",
      content: "noindex",
    });
    expect(pageMeta({ title: "T", description: "D", path: "/x" })).not.toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
});
