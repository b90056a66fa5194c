/**
 * The public site's copy: the landing page, section by section, and the pages any visitor may
 * meet (404, the error screen). The plans are in plans.ts, the brand in brand.ts.
 */
import { brand } from "./brand.ts";

export type IconName =
  | "clapperboard"
  | "captions"
  | "hash"
  | "calendar"
  | "zap"
  | "shield"
  | "package"
  | "upload"
  | "scissors"
  | "trending";

export interface Creator {
  id: string;
  niche: string;
  handle: string;
  caption: string;
  /** Text alternative of the illustration. */
  alt: string;
  /** Two colours of the reel's background gradient. */
  colors: readonly [string, string];
}

export const landing = {
  contact: {
    email: brand.addresses.contact,
    subject: `Question about ${brand.name} plans`,
  },
  nav: [
    { label: "Services", href: "#services" },
    { label: "Process", href: "#process" },
    { label: "Pricing", href: "#pricing" },
  ],
  header: { cta: "Get Started", menuLabel: "Menu" },
  hero: {
    eyebrow: "Done-for-you short-form video",
    headline: "Elevate your personal brand with videos people finish watching",
    /** The words of the headline drawn in the brand gradient. */
    headlineAccent: "personal brand",
    body: "Send us your raw footage. Our editors return polished short-form videos with captions, hashtags and a posting schedule, so you can stay on camera and off the timeline.",
    primaryCta: "View Our Packages",
    secondaryCta: "See how it works",
  },
  /** The six claims of the service (docs/product.md), shown in the hero. */
  claims: [
    { value: "24–48h", label: "delivery" },
    { value: "Secure", label: "client portal" },
    { value: "Hundreds", label: "of creators served" },
    { value: "300%", label: "average growth" },
    { value: "24h", label: "setup" },
    { value: "Cinema-grade", label: "editing" },
  ],
  services: {
    eyebrow: "Services",
    title: "Everything a short-form video needs, done for you",
    intro:
      "One team handles the edit, the words on screen and the plan for where it goes. You film; we do the rest.",
    items: [
      {
        icon: "clapperboard",
        title: "Cinema-grade editing",
        body: "Tight pacing, colour, sound design and motion graphics that hold attention past the first second.",
      },
      {
        icon: "captions",
        title: "Captions and subtitles",
        body: "Accurate, on-brand captions burned in for everyone who watches with the sound off.",
      },
      {
        icon: "hash",
        title: "Hashtags and trends",
        body: "Hashtags and trending audio researched for your niche and attached to every video.",
      },
      {
        icon: "calendar",
        title: "Posting schedule",
        body: "A content calendar that says what goes out, on which platform, and when.",
      },
      {
        icon: "zap",
        title: "24–48 hour delivery",
        body: "Upload today, publish tomorrow. Most edits are back within 24 to 48 hours.",
      },
      {
        icon: "shield",
        title: "Secure client portal",
        body: "Upload footage, review cuts and request changes in one private place.",
      },
    ] satisfies readonly { icon: IconName; title: string; body: string }[],
  },
  creators: {
    eyebrow: "Everyday creators",
    title: "Made for people who film their real lives",
    intro:
      "Chefs, coaches, founders and travellers: if you can film it on your phone, we can make it shine.",
    items: [
      {
        id: "cooking",
        alt: "Illustrated home cook filming a recipe reel",
        niche: "Cooking",
        handle: "@mayacooks",
        caption: "5-minute pasta, no excuses",
        colors: ["#fb923c", "#e11d48"],
      },
      {
        id: "fitness",
        alt: "Illustrated fitness coach filming a workout reel",
        niche: "Fitness",
        handle: "@liftwithdre",
        caption: "Leg day in 4 moves",
        colors: ["#22d3ee", "#2563eb"],
      },
      {
        id: "coaching",
        alt: "Illustrated life coach talking to camera",
        niche: "Coaching",
        handle: "@coachamara",
        caption: "The one habit that changed my year",
        colors: ["#a78bfa", "#7c3aed"],
      },
      {
        id: "travel",
        alt: "Illustrated traveller filming a city guide",
        niche: "Travel",
        handle: "@jonnyroams",
        caption: "Lisbon on €40 a day",
        colors: ["#34d399", "#0d9488"],
      },
      {
        id: "beauty",
        alt: "Illustrated beauty creator filming a skincare routine",
        niche: "Beauty",
        handle: "@glowbyrina",
        caption: "Glass skin, 3 products",
        colors: ["#f472b6", "#c026d3"],
      },
      {
        id: "tech",
        alt: "Illustrated tech reviewer filming a laptop review",
        niche: "Tech",
        handle: "@kaireviews",
        caption: "Is this laptop worth it?",
        colors: ["#94a3b8", "#334155"],
      },
      {
        id: "business",
        alt: "Illustrated florist filming behind the scenes of her shop",
        niche: "Small business",
        handle: "@bloomflowers",
        caption: "Packing 200 orders before noon",
        colors: ["#facc15", "#ea580c"],
      },
    ] satisfies readonly Creator[],
  },
  process: {
    eyebrow: "Process",
    title: "How it works",
    intro: "From sign-up to your first finished video in four steps.",
    steps: [
      {
        icon: "package",
        title: "Choose your plan",
        body: "Pick the package that fits how often you want to post. Month to month, no contracts.",
      },
      {
        icon: "upload",
        title: "Share your footage",
        body: "Answer a short questionnaire, then upload raw clips to your secure client portal.",
      },
      {
        icon: "scissors",
        title: "We edit and plan",
        body: "Your editor cuts, captions and packages every video with hashtags and a posting plan.",
      },
      {
        icon: "trending",
        title: "Post and grow",
        body: "Ready-to-post videos arrive on schedule. You publish, and watch your audience grow.",
      },
    ] satisfies readonly { icon: IconName; title: string; body: string }[],
  },
  /** The pricing section's words; the plans themselves are in plans.ts. */
  pricing: {
    eyebrow: "Pricing",
    title: "Simple monthly plans",
    intro:
      "Every plan includes editing, captions and hashtag strategy. Change or cancel any month.",
    popularLabel: "Most Popular",
    contactPrompt: "Need something custom for your team or agency?",
    contactCta: "Contact Our Team",
  },
  closing: {
    title: "Ready to turn your footage into growth?",
    body: "Tell us about your brand in five minutes. We set you up within 24 hours.",
    cta: "Get Started Today",
  },
  footer: {
    note: "Done-for-you short-form video editing for creators, influencers, businesses and agencies.",
    navLabel: "Footer",
    rights: "All rights reserved.",
  },
  notFound: { title: "Oops! Page not found", back: "Return to Home" },
  error: { title: "Unexpected Application Error", back: "Return to Home" },
  seo: {
    home: {
      title: `${brand.name} | ${brand.tagline}`,
      description:
        "Send raw footage, get back edited short-form videos with captions, hashtags and a posting schedule. Plans from $99/month, delivered in 24–48 hours.",
    },
    notFound: { title: `Page not found | ${brand.name}`, description: "This page does not exist." },
  },
} as const;
