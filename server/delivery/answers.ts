import { type FieldName, optionLabel, textFieldNames } from "#app/shared/schema.ts";
import { site } from "#app/shared/site.ts";
import type { Submission } from "../db/schema.ts";

export interface Answer {
  field: FieldName;
  label: string;
  value: string;
}

const optionFields = new Set<FieldName>(["accountType", "primaryPlatform", "audienceSize"]);

/** Every answer of a submission, labelled as the form labels it, options by their labels. */
export function labelledAnswers(submission: Submission): Answer[] {
  const answers: Answer[] = site.onboarding.sections.flatMap((section) =>
    section.fields.map((field) => {
      const name = field.name as FieldName;
      const raw = String(submission[name]);
      const value = optionFields.has(name)
        ? optionLabel(name as "accountType" | "primaryPlatform" | "audienceSize", raw)
        : raw;
      return { field: name, label: field.label, value };
    }),
  );
  answers.push({
    field: "selectedPlan",
    label: site.onboarding.planLabel,
    value: submission.selectedPlan,
  });
  return answers;
}

/** Fills `{name}`-style placeholders of the copy in site.ts. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** Text for a header or a subject line: control characters (CR, LF, tab…) become spaces. */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/**
 * `text` (an error message, for the logs) with every free-text answer of the submission blanked
 * out, wherever a mail server or an HTTP client quoted it.
 */
export function withoutAnswers(text: string, submission: Submission | undefined): string {
  if (!submission) return text;
  let result = text;
  for (const field of textFieldNames) {
    const value = submission[field].trim();
    if (value.length < 3) continue;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    result = result.replace(new RegExp(escaped, "gi"), `[${field}]`);
  }
  return result;
}
