/**
 * The questionnaire's fields without their rules: names in the form's order, the choices, the
 * maximum lengths. No zod here: the page renders and hydrates from this file, and loads the
 * schema (schema.ts, which re-exports all of this) only when it checks a form (decision 0027).
 */

export const accountTypes = [
  { value: "personal", label: "Personal Brand" },
  { value: "business", label: "Business/Company" },
  { value: "influencer", label: "Influencer" },
  { value: "creator", label: "Content Creator" },
  { value: "agency", label: "Agency" },
] as const;

export const platforms = [
  { value: "instagram", label: "Instagram" },
  { value: "tiktok", label: "TikTok" },
  { value: "youtube", label: "YouTube" },
  { value: "twitter", label: "Twitter/X" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "multiple", label: "Multiple Platforms" },
] as const;

export const audienceSizes = [
  { value: "0-1k", label: "0-1k followers" },
  { value: "1k-10k", label: "1k-10k followers" },
  { value: "10k-50k", label: "10k-50k followers" },
  { value: "50k-100k", label: "50k-100k followers" },
  { value: "100k-500k", label: "100k-500k followers" },
  { value: "500k+", label: "500k+ followers" },
] as const;

/** Maximum lengths (the spec leaves them open): generous, but bounded. */
export const maxLengths = {
  name: 100,
  email: 254,
  accountHandle: 100,
  contentNiche: 200,
  goals: 5000,
  currentChallenges: 5000,
  brandStyle: 5000,
} as const;

/** The fields a visitor types freely (the others are choices): each has a maximum length. */
export const textFieldNames = Object.keys(maxLengths) as TextFieldName[];
export type TextFieldName = keyof typeof maxLengths;

/** The eleven keys of the submission, in the order of the form (the schema's, checked by test). */
export const fieldNames = [
  "name",
  "email",
  "accountHandle",
  "accountType",
  "primaryPlatform",
  "audienceSize",
  "contentNiche",
  "goals",
  "currentChallenges",
  "brandStyle",
  "selectedPlan",
] as const;
export type FieldName = (typeof fieldNames)[number];

export type FieldErrors = Partial<Record<FieldName, string[]>>;
