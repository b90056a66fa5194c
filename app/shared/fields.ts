/**
 * The questionnaire's fields, one descriptor each, in the form's order: everything the product
 * knows of a field but its copy (label, hint, messages: app/content/questionnaire.ts). The schema
 * (rules), the form (controls), the stored row, the exports, the samples and Insights read this
 * list; adding a field is a descriptor here, its copy and a migration (docs/contributing.md).
 * No zod here: the page renders and hydrates from this file, and loads the schema (schema.ts)
 * only when it checks a form (decision 0027).
 */
import { type PlanName, planNames } from "../content/plans.ts";

export interface Option {
  value: string;
  label: string;
}

/** How a field is asked. `plan` is not asked: it comes from `?plan=` (a hidden input). */
export type Control =
  | { kind: "input"; type: "text" | "email"; autoComplete: string; spellCheck?: false }
  | { kind: "select" }
  | { kind: "textarea" }
  | { kind: "plan" };

export interface FieldDescriptor {
  /** The JSON key, the form's name, the column (camelCase; snake_case in SQL). */
  name: string;
  /**
   * What anything stored about the field is keyed by (Insights' furthest question): never
   * changed, never reused, whatever the field's name or place (decision 0069).
   */
  key: string;
  control: Control;
  /** A choice: the codes sent and stored, with the labels shown. */
  options?: readonly Option[];
  /** May be left empty (stored as ""). */
  optional?: true;
  /** Typed: at least this many characters once trimmed. */
  minLength?: number;
  /** Typed: at most this many characters once trimmed (every typed field has one). */
  maxLength?: number;
  /** Typed: must also be an email address. */
  format?: "email";
  /** Takes the whole row on wide screens (textareas always do). */
  wide?: true;
  /** A valid answer: the samples and fixtures are made of these (an option's code for a choice). */
  example: string;
}

const planOptions = planNames.map((plan) => ({ value: plan, label: plan }));

export const fields = [
  {
    name: "name",
    key: "name",
    control: { kind: "input", type: "text", autoComplete: "name" },
    minLength: 2,
    maxLength: 100,
    example: "Maya Lopez",
  },
  {
    name: "email",
    key: "email",
    control: { kind: "input", type: "email", autoComplete: "email", spellCheck: false },
    format: "email",
    maxLength: 254,
    example: "maya@example.com",
  },
  {
    name: "accountHandle",
    key: "account_handle",
    control: { kind: "input", type: "text", autoComplete: "off", spellCheck: false },
    minLength: 1,
    maxLength: 100,
    example: "@mayacooks",
  },
  {
    name: "accountType",
    key: "account_type",
    control: { kind: "select" },
    options: [
      { value: "personal", label: "Personal Brand" },
      { value: "business", label: "Business/Company" },
      { value: "influencer", label: "Influencer" },
      { value: "creator", label: "Content Creator" },
      { value: "agency", label: "Agency" },
    ],
    example: "creator",
  },
  {
    name: "primaryPlatform",
    key: "primary_platform",
    control: { kind: "select" },
    options: [
      { value: "instagram", label: "Instagram" },
      { value: "tiktok", label: "TikTok" },
      { value: "youtube", label: "YouTube" },
      { value: "twitter", label: "Twitter/X" },
      { value: "linkedin", label: "LinkedIn" },
      { value: "multiple", label: "Multiple Platforms" },
    ],
    example: "tiktok",
  },
  {
    name: "audienceSize",
    key: "audience_size",
    control: { kind: "select" },
    options: [
      { value: "0-1k", label: "0-1k followers" },
      { value: "1k-10k", label: "1k-10k followers" },
      { value: "10k-50k", label: "10k-50k followers" },
      { value: "50k-100k", label: "50k-100k followers" },
      { value: "100k-500k", label: "100k-500k followers" },
      { value: "500k+", label: "500k+ followers" },
    ],
    example: "10k-50k",
  },
  {
    name: "contentNiche",
    key: "content_niche",
    control: { kind: "input", type: "text", autoComplete: "off" },
    minLength: 1,
    maxLength: 200,
    wide: true,
    example: "Quick weeknight recipes",
  },
  {
    name: "goals",
    key: "goals",
    control: { kind: "textarea" },
    minLength: 10,
    maxLength: 5000,
    example: "Post three times a week and reach 100k followers",
  },
  {
    name: "currentChallenges",
    key: "current_challenges",
    control: { kind: "textarea" },
    minLength: 10,
    maxLength: 5000,
    example: "Editing takes me a whole evening per video",
  },
  {
    name: "brandStyle",
    key: "brand_style",
    control: { kind: "textarea" },
    optional: true,
    maxLength: 5000,
    example: "Warm colours, handwritten captions",
  },
  {
    name: "selectedPlan",
    key: "selected_plan",
    control: { kind: "plan" },
    options: planOptions as readonly { value: PlanName; label: string }[],
    example: "Influencer",
  },
] as const satisfies readonly FieldDescriptor[];

type Descriptor = (typeof fields)[number];
export type FieldName = Descriptor["name"];
/** The fields a visitor types freely (the others are choices): each has a maximum length. */
export type TextFieldName = Extract<Descriptor, { maxLength: number }>["name"];
/** The fields answered by picking an option. */
export type OptionField = Extract<Descriptor, { options: readonly Option[] }>["name"];
/** The fields the visitor is asked (all but the plan). */
export type QuestionName = Exclude<Descriptor, { control: { kind: "plan" } }>["name"];

/** What a checked answer of each field is: an option's code for a choice, else text. */
type AnswerOf<F> = F extends { options: readonly { value: infer V }[] }
  ? F extends { optional: true }
    ? V | ""
    : V
  : string;
/** A checked, trimmed application: every field by name. */
export type Answers = { [F in Descriptor as F["name"]]: AnswerOf<F> };

/** The keys of the application, in the order of the form. */
export const fieldNames: readonly FieldName[] = fields.map((field) => field.name);

/** Each field's descriptor by name. */
export const fieldsByName = Object.fromEntries(fields.map((field) => [field.name, field])) as {
  [F in Descriptor as F["name"]]: F;
};

export const textFieldNames = fields.flatMap((field) =>
  "maxLength" in field ? [field.name] : [],
) as TextFieldName[];

/** The maximum lengths of the typed fields (the spec leaves them open): generous, but bounded. */
export const maxLengths = Object.fromEntries(
  fields.flatMap((field) => ("maxLength" in field ? [[field.name, field.maxLength]] : [])),
) as Record<TextFieldName, number>;

/** The fields answered by picking an option, with their options (code and label). */
export const optionFields = Object.fromEntries(
  fields.flatMap((field) => ("options" in field ? [[field.name, field.options]] : [])),
) as { [F in Extract<Descriptor, { options: unknown }> as F["name"]]: F["options"] };

export function isOptionField(field: string): field is OptionField {
  return Object.hasOwn(optionFields, field);
}

/** The label of an option code, as the form shows it (for emails and exports). */
export function optionLabel(field: OptionField, value: string): string {
  const options: readonly Option[] = optionFields[field];
  return options.find((option) => option.value === value)?.label ?? value;
}

/** A valid application made of every field's example (samples and fixtures). */
export function exampleAnswers(): Answers {
  return Object.fromEntries(fields.map((field) => [field.name, field.example])) as Answers;
}

/** The stable key of a field (what Insights stores), or undefined when it is no field. */
export function fieldKeyOf(name: string): string | undefined {
  return fields.find((field) => field.name === name)?.key;
}

/** A stored key's field, and its place in today's form from 1 (0: no field has that key). */
export function fieldOfKey(key: string): { name: FieldName; position: number } | undefined {
  const index = fields.findIndex((field) => field.key === key);
  return index < 0 ? undefined : { name: fields[index]!.name, position: index + 1 };
}

/** The stored keys in the form's order (furthest is latest). */
export const fieldKeys: readonly string[] = fields.map((field) => field.key);

export type FieldErrors = Partial<Record<FieldName, string[]>>;
