import { brand } from "~/content/brand";
import { landing } from "~/content/landing";
import { plans } from "~/content/plans";
import { absoluteUrl } from "~/lib/seo";
import { onboardingPath, paths } from "~/shared/paths";

/** JSON-LD for `/`: the organisation and its three plans as offers (schema.org). */
export function organizationJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    description: brand.description,
    url: absoluteUrl(paths.home),
    logo: absoluteUrl("/icon-512.png"),
    email: landing.contact.email,
    makesOffer: plans.map((plan) => {
      const price = plan.price.replace(/[^0-9.]/g, "");
      return {
        "@type": "Offer",
        name: `${plan.name} plan`,
        description: plan.description,
        url: absoluteUrl(onboardingPath(plan.name)),
        price,
        priceCurrency: "USD",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price,
          priceCurrency: "USD",
          unitCode: "MON",
          unitText: plan.period,
        },
        itemOffered: {
          "@type": "Service",
          name: `${brand.name} ${plan.name}`,
          serviceType: brand.tagline,
        },
      };
    }),
  };
}

/**
 * Speculation Rules: once a visitor shows intent (hover or press on a link to the
 * questionnaire), Chromium prerenders it, so the next page appears at once. Not JavaScript:
 * a JSON rule set the browser reads; other browsers ignore it.
 */
export const speculationRules = {
  prerender: [{ where: { href_matches: `${paths.onboarding}*` }, eagerness: "moderate" }],
};

/** JSON for an inline <script>: `<` escaped so no string can close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
