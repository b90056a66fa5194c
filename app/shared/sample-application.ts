import type { OnboardingSubmission } from "./schema.ts";

/**
 * A complete, valid application as the form sends it (option codes), for tests on both sides:
 * the questionnaire's units and the intake service's API tests. Not used by the product.
 */
export const sampleApplication: OnboardingSubmission = {
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
