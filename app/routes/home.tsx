import { ClosingCta } from "~/components/landing/closing-cta";
import { CreatorsBand } from "~/components/landing/creators-band";
import { HeroSection } from "~/components/landing/hero-section";
import { PricingSection } from "~/components/landing/pricing-section";
import { ProcessSection } from "~/components/landing/process-section";
import { ServicesSection } from "~/components/landing/services-section";
import { SiteFooter } from "~/components/landing/site-footer";
import { SiteHeader } from "~/components/landing/site-header";
import {
  inlineJson,
  organizationJsonLd,
  speculationRules,
} from "~/components/landing/structured-data";
import { landing } from "~/content/landing";
import { useNonce } from "~/document-context";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import { paths } from "~/shared/paths";
import type { Route } from "./+types/home";

// Prerendered at build time and sent as HTML and CSS only: nothing here hydrates.
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => pageMeta({ ...landing.seo.home, path: paths.home });

export default function Home() {
  const nonce = useNonce();
  return (
    <>
      <SiteHeader />
      <main>
        <HeroSection />
        <ServicesSection />
        <CreatorsBand />
        <ProcessSection />
        <PricingSection />
        <ClosingCta />
      </main>
      <SiteFooter />
      <script
        type="speculationrules"
        // Prerendered: no nonce, the build hashes the rules. Rendered (npm run dev): the nonce.
        nonce={nonce || undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: static JSON, escaped by inlineJson
        dangerouslySetInnerHTML={{ __html: inlineJson(speculationRules) }}
      />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: static JSON, escaped by inlineJson
        dangerouslySetInnerHTML={{ __html: inlineJson(organizationJsonLd()) }}
      />
    </>
  );
}
