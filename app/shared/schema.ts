/**
 * The onboarding submission: one schema for the form (browser) and the intake service (server).
 * Codes, labels and messages are exact (docs/product.md). Strings are trimmed before checking.
 * Built on zod/mini to keep the questionnaire's JavaScript small.
 */
import { z } from "zod/mini";
import { defaultPlan, type PlanName, planNames } from "../content/plans.ts";
import type { FieldErrors } from "./fields.ts";
import {
  accountTypes,
  audienceSizes,
  type FieldName,
  maxLengths,
  platforms,
  type TextFieldName,
  textFieldNames,
} from "./fields.ts";
import { forbiddenCharacters, hasFormattingCharacters } from "./text.ts";

// The names and choices live in fields.ts (no zod there): the questionnaire's page needs them
// to render and hydrate, the schema only when a form is checked (decision 0027).
export {
  accountTypes,
  audienceSizes,
  type FieldErrors,
  type FieldName,
  fieldNames,
  maxLengths,
  platforms,
  type TextFieldName,
  textFieldNames,
} from "./fields.ts";

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

/** What each typed field is called in its "too long" message. */
const shortNames = {
  name: "Name",
  email: "Email",
  accountHandle: "Account handle",
  contentNiche: "Content niche",
  goals: "Goals",
  currentChallenges: "Challenges",
  brandStyle: "Brand style",
} as const satisfies Record<TextFieldName, string>;

/** 5000 → "5,000". Not toLocaleString: its first call loads ICU's number formats, 22–36 ms
 * of main thread while the questionnaire hydrates (a long task on a phone). */
const withThousands = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ",");

/** "Goals must be at most 5,000 characters": made from `maxLengths`, never restated. */
const tooLong = Object.fromEntries(
  textFieldNames.map((field) => [
    field,
    `${shortNames[field]} must be at most ${withThousands(maxLengths[field])} characters`,
  ]),
) as Record<TextFieldName, string>;

/** For text with characters no keyboard types (see `forbiddenCharacters`). */
export const invisibleCharactersMessage = "Please remove invisible control characters";

const printable = z.refine<string>((value) => !forbiddenCharacters.test(value), {
  error: invisibleCharactersMessage,
});

/** For text with bidirectional controls or zero-width characters (see text.ts). */
export const formattingCharactersMessage =
  "Please remove invisible formatting characters (text-direction or zero-width marks)";

const plain = z.refine<string>((value) => !hasFormattingCharacters(value), {
  error: formattingCharactersMessage,
});

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

/** A checked, trimmed submission. */
export type OnboardingSubmission = z.output<typeof onboardingSchema>;

// fields.ts names the same eleven keys (schema.test.ts checks the order): a key added to one and
// not the other fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameKeys: Same<keyof OnboardingSubmission, FieldName> = true;
void sameKeys;

export function validateOnboarding(
  input: unknown,
): { ok: true; data: OnboardingSubmission } | { ok: false; fieldErrors: FieldErrors } {
  const result = onboardingSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fieldErrors: z.flattenError(result.error).fieldErrors as FieldErrors };
}

/** `?plan=` matched case-insensitively to a plan name; absent or unknown: the default plan. */
export function resolvePlan(value: string | null | undefined): PlanName {
  const wanted = value?.trim().toLowerCase();
  return planNames.find((plan) => plan.toLowerCase() === wanted) ?? defaultPlan;
}

/** The fields answered by picking an option, with their options (code and label). */
export const optionFields = {
  accountType: accountTypes,
  primaryPlatform: platforms,
  audienceSize: audienceSizes,
} as const;
export type OptionField = keyof typeof optionFields;

export function isOptionField(field: string): field is OptionField {
  return Object.hasOwn(optionFields, field);
}

/** The label of an option code, as the form shows it (for emails and exports). */
export function optionLabel(field: OptionField, value: string): string {
  const options: readonly { value: string; label: string }[] = optionFields[field];
  return options.find((option) => option.value === value)?.label ?? value;
}
