import { questionnaire } from "#app/content/questionnaire.ts";
import { type FieldName, isOptionField, optionLabel, textFieldNames } from "#app/shared/schema.ts";
import type { Submission } from "../db/schema.ts";

export interface Answer {
  field: FieldName;
  label: string;
  value: string;
}

/** Every answer of a submission, labelled as the form labels it, options by their labels. */
export function labelledAnswers(submission: Submission): Answer[] {
  const answers: Answer[] = questionnaire.sections.flatMap((section) =>
    section.fields.map((field) => {
      const name = field.name as FieldName;
      const raw = String(submission[name]);
      const value = isOptionField(name) ? optionLabel(name, raw) : raw;
      return { field: name, label: field.label, value };
    }),
  );
  answers.push({
    field: "selectedPlan",
    label: questionnaire.planLabel,
    value: submission.selectedPlan,
  });
  return answers;
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
