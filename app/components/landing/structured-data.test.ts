import { describe, expect, it } from "vitest";
import { brand } from "~/content/brand";
import { landing } from "~/content/landing";
import { inlineJson, organizationJsonLd, speculationRules } from "./structured-data";

describe("organizationJsonLd", () => {
  it("describes the organisation and offers the three plans in US dollars", () => {
    const data = organizationJsonLd();
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: brand.name,
      email: landing.contact.email,
    });
    expect(
      data.makesOffer.map((offer) => [offer.name, offer.price, offer.priceCurrency, offer.url]),
    ).toEqual([
      ["Creator plan", "99", "USD", expect.stringMatching(/\/onboarding\?plan=Creator$/)],
      ["Influencer plan", "249", "USD", expect.stringMatching(/\/onboarding\?plan=Influencer$/)],
      ["Enterprise plan", "449", "USD", expect.stringMatching(/\/onboarding\?plan=Enterprise$/)],
    ]);
    for (const offer of data.makesOffer) {
      expect(offer.priceSpecification).toMatchObject({ unitText: "month", priceCurrency: "USD" });
    }
  });
});

describe("inlineJson", () => {
  it("cannot close the script element it is written into", () => {
    const json = inlineJson({ text: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script>" });
  });
});

describe("speculationRules", () => {
  it("prerenders the questionnaire, with or without a plan, on moderate intent", () => {
    expect(speculationRules.prerender).toEqual([
      { where: { href_matches: "/onboarding*" }, eagerness: "moderate" },
    ]);
  });
});
