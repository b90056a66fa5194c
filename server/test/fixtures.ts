import type { OnboardingInput } from "../../app/onboarding/schema.ts";

/** A complete, valid application (codes as the form sends them). */
export function validApplication(overrides: Partial<Record<string, unknown>> = {}) {
  const application: OnboardingInput = {
    name: "Maya Lopez",
    email: "maya@example.com",
    accountHandle: "@mayacooks",
    accountType: "creator",
    primaryPlatform: "tiktok",
    audienceSize: "10k-50k",
    contentNiche: "Quick weeknight recipes",
    goals: "Post three times a week and reach 100k followers",
    currentChallenges: "Editing takes me a whole evening per video",
    brandStyle: "Warm colours, handwritten captions",
    selectedPlan: "Influencer",
  };
  return { ...application, ...overrides };
}
