/**
 * Every path that more than one file names: the pages (app/routes.ts mounts them, the build
 * prerenders some, the sitemap lists some, links point at them) and the intake endpoint (the
 * browser posts to it, the server mounts it).
 */
export const paths = {
  home: "/",
  onboarding: "/onboarding",
  thankYou: "/thank-you",
} as const;

/** The questionnaire with `plan` chosen (`/onboarding?plan=Creator`). */
export function onboardingPath(plan: string): string {
  return `${paths.onboarding}?plan=${encodeURIComponent(plan)}`;
}

/** The intake endpoint: the questionnaire's JSON goes here (under PUBLIC_API_BASE, if set). */
export const intakePath = "/functions/v1/send-onboarding-email";
