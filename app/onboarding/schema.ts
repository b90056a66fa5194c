/**
 * The onboarding submission: one schema for the form (browser) and the intake service (server).
 * Codes, labels and messages are exact (SPEC.md §3, §5). Strings are trimmed before checking.
 * Built on zod/mini to keep the questionnaire's JavaScript small.
 */
import { z } from "zod/mini";
import { type PlanName, planNames } from "../content/site.ts";

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
export const textFieldNames = Object.keys(maxLengths) as (keyof typeof maxLengths)[];

export const messages = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email",
  accountHandle: "Account handle is required",
  accountType: "Please select an account type",
  primaryPlatform: "Please select your primary platform",
  audienceSize: "Please select your audience size",
  contentNiche: "Please describe your content niche",
  goals: "Please describe your goals (at least 10 characters)",
  currentChallenges: "Please describe your challenges (at least 10 characters)",
  selectedPlan: "Please choose one of our plans",
} as const;

const tooLong = {
  name: "Name must be at most 100 characters",
  email: "Email must be at most 254 characters",
  accountHandle: "Account handle must be at most 100 characters",
  contentNiche: "Content niche must be at most 200 characters",
  goals: "Goals must be at most 5,000 characters",
  currentChallenges: "Challenges must be at most 5,000 characters",
  brandStyle: "Brand style must be at most 5,000 characters",
} as const;

/** For text with characters no keyboard types (see `forbiddenCharacters`). */
export const invisibleCharactersMessage = "Please remove invisible control characters";

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1) and unpaired
 * UTF-16 surrogates. Nobody types them; stored, they break CSV exports and terminals, and
 * PostgreSQL refuses a NUL outright. (No lookbehind and no `u` flag: older Safari.)
 */
const forbiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
const printable = z.refine<string>((value) => !forbiddenCharacters.test(value), {
  error: invisibleCharactersMessage,
});

/** For text with bidirectional controls or zero-width characters (see `formattingCharacters`). */
export const formattingCharactersMessage =
  "Please remove invisible formatting characters (text-direction or zero-width marks)";

/**
 * Bidirectional controls (U+202A–202E, U+2066–2069) and zero-width characters (U+200B–200F,
 * U+FEFF). They reorder or hide text: "Refund pending" can be made to read otherwise in the
 * team's email and in the CSV export. A zero-width joiner inside an emoji sequence (👩‍🍳) is
 * the emoji itself and stays: such joiners are taken out before looking.
 */
const formattingCharacters = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const emojiJoiner =
  /\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?\u200d(?=\p{Extended_Pictographic})/gu;
const plain = z.refine<string>(
  (value) => !formattingCharacters.test(value.replace(emojiJoiner, "")),
  { error: formattingCharactersMessage },
);

/** A trimmed string of `min` to `max` characters; anything else (or no string) gets `message`. */
function text(min: number, max: number, message: string, maxMessage: string) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(min, message), z.maxLength(max, maxMessage), printable, plain);
}

function choice<const T extends readonly { value: string }[]>(options: T, message: string) {
  const values = options.map((option) => option.value) as unknown as [
    T[number]["value"],
    ...T[number]["value"][],
  ];
  return z.enum(values, { error: message });
}

export const onboardingSchema = z.object({
  name: text(2, maxLengths.name, messages.name, tooLong.name),
  email: z.pipe(
    z
      .string({ error: messages.email })
      .check(z.trim(), z.maxLength(maxLengths.email, tooLong.email)),
    z.email({ error: messages.email }),
  ),
  accountHandle: text(1, maxLengths.accountHandle, messages.accountHandle, tooLong.accountHandle),
  accountType: choice(accountTypes, messages.accountType),
  primaryPlatform: choice(platforms, messages.primaryPlatform),
  audienceSize: choice(audienceSizes, messages.audienceSize),
  contentNiche: text(1, maxLengths.contentNiche, messages.contentNiche, tooLong.contentNiche),
  goals: text(10, maxLengths.goals, messages.goals, tooLong.goals),
  currentChallenges: text(
    10,
    maxLengths.currentChallenges,
    messages.currentChallenges,
    tooLong.currentChallenges,
  ),
  brandStyle: z._default(
    z
      .string({ error: "Brand style must be text" })
      .check(z.trim(), z.maxLength(maxLengths.brandStyle, tooLong.brandStyle), printable, plain),
    "",
  ),
  selectedPlan: z.enum(planNames as unknown as [PlanName, ...PlanName[]], {
    error: messages.selectedPlan,
  }),
});

/** What the form holds (all strings). */
export type OnboardingInput = z.input<typeof onboardingSchema>;
/** A checked, trimmed submission. */
export type OnboardingSubmission = z.output<typeof onboardingSchema>;
export type FieldName = keyof OnboardingSubmission;

/** The eleven keys of the submission, in the order of the form. */
export const fieldNames = Object.keys(onboardingSchema.def.shape) as FieldName[];

export type FieldErrors = Partial<Record<FieldName, string[]>>;

export function validateOnboarding(
  input: unknown,
): { ok: true; data: OnboardingSubmission } | { ok: false; fieldErrors: FieldErrors } {
  const result = onboardingSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fieldErrors: z.flattenError(result.error).fieldErrors as FieldErrors };
}

/** `?plan=` matched case-insensitively to a plan name; absent or unknown: Creator. */
export function resolvePlan(value: string | null | undefined): PlanName {
  const wanted = value?.trim().toLowerCase();
  return planNames.find((plan) => plan.toLowerCase() === wanted) ?? "Creator";
}

/** The label of an option code, as the form shows it (for emails and exports). */
export function optionLabel(
  field: "accountType" | "primaryPlatform" | "audienceSize",
  value: string,
): string {
  const options = {
    accountType: accountTypes,
    primaryPlatform: platforms,
    audienceSize: audienceSizes,
  }[field];
  return options.find((option) => option.value === value)?.label ?? value;
}
