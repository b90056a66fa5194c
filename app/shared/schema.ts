/**
 * The onboarding application: one schema for the form (browser) and the intake service (server),
 * made from the fields' descriptors (fields.ts) and their copy (content/questionnaire.ts): a
 * field's rule is its descriptor's data, its messages are its copy. Codes, labels and messages
 * are exact (docs/product.md). Strings are trimmed before checking. Built on zod/mini to keep
 * the questionnaire's JavaScript small.
 */
import { z } from "zod/mini";
import { defaultPlan, type PlanName, planNames } from "../content/plans.ts";
import { questionCopies, questionnaire } from "../content/questionnaire.ts";
import {
  type Answers,
  type FieldDescriptor,
  type FieldErrors,
  type FieldName,
  fields,
} from "./fields.ts";
import { forbiddenCharacters, hasFormattingCharacters, withThousands } from "./text.ts";

// The descriptors live in fields.ts (no zod there): the questionnaire's page needs them to
// render and hydrate, the schema only when a form is checked (decision 0027).
export {
  type FieldErrors,
  type FieldName,
  fieldNames,
  fields,
  fieldsByName,
  isOptionField,
  maxLengths,
  type OptionField,
  optionFields,
  optionLabel,
  type TextFieldName,
  textFieldNames,
} from "./fields.ts";

/** Each field's copy: the plan's, then the questions' (label, message, short name). */
const copyOf = new Map<string, { message?: string; shortName?: string }>([
  ["selectedPlan", { message: questionnaire.planMessage }],
  ...questionCopies.map((copy) => [copy.name, copy] as const),
]);

/** The message of each field whose rule may fail on an empty or wrong answer. */
export const messages = Object.fromEntries(
  fields.flatMap((field) => {
    const message = copyOf.get(field.name)?.message;
    return message ? [[field.name, message]] : [];
  }),
) as Partial<Record<FieldName, string>>;

/** "Goals must be at most 5,000 characters": made from the descriptor, never restated. */
const tooLong = (field: FieldDescriptor, max: number) =>
  `${copyOf.get(field.name)?.shortName ?? field.name} must be at most ${withThousands(max)} characters`;

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

function choice(options: readonly { value: string }[], message: string) {
  const values = options.map((option) => option.value) as [string, ...string[]];
  return z.enum(values, { error: message });
}

/** A field's rule, from its descriptor: a choice, an email, or text of a length. */
function ruleOf(field: FieldDescriptor) {
  const message = copyOf.get(field.name)?.message ?? `${field.name} is not valid`;
  const optional = field.optional === true;
  if (field.options) {
    const rule = choice(optional ? [{ value: "" }, ...field.options] : field.options, message);
    return optional ? z._default(rule, "") : rule;
  }
  const max = field.maxLength ?? 0;
  if (field.format === "email") {
    return z.pipe(
      z.string({ error: message }).check(z.trim(), z.maxLength(max, tooLong(field, max))),
      z.email({ error: message }),
    );
  }
  if (optional) {
    const notText = `${copyOf.get(field.name)?.shortName ?? field.name} must be text`;
    return z._default(
      z
        .string({ error: notText })
        .check(z.trim(), z.maxLength(max, tooLong(field, max)), printable, plain),
      "",
    );
  }
  return text(field.minLength ?? 1, max, message, tooLong(field, max));
}

/** The rules by field name, in the form's order. */
export const onboardingShape = Object.fromEntries(
  fields.map((field) => [field.name, ruleOf(field)]),
);

/** Every field's rule; what it lets through is `Answers` (fields.ts), typed from the descriptors. */
export const onboardingSchema = z.object(onboardingShape) as unknown as z.ZodMiniType<
  Answers,
  unknown
>;

/** A checked, trimmed application. */
export type OnboardingApplication = Answers;

export function validateOnboarding(
  input: unknown,
): { ok: true; data: OnboardingApplication } | { ok: false; fieldErrors: FieldErrors } {
  const result = onboardingSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fieldErrors: z.flattenError(result.error).fieldErrors as FieldErrors };
}

/** `?plan=` matched case-insensitively to a plan name; absent or unknown: the default plan. */
export function resolvePlan(value: string | null | undefined): PlanName {
  const wanted = value?.trim().toLowerCase();
  return planNames.find((plan) => plan.toLowerCase() === wanted) ?? defaultPlan;
}
