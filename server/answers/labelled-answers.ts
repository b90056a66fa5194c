import { questionnaire } from "#app/content/questionnaire.ts";
import { type FieldName, isOptionField, optionLabel, textFieldNames } from "#app/shared/schema.ts";
import type { Application } from "../db/schema.ts";

export interface Answer {
  field: FieldName;
  label: string;
  value: string;
}

/** Every answer of an application, labelled as the form labels it, options by their labels. */
export function labelledAnswers(application: Application): Answer[] {
  const answers: Answer[] = questionnaire.sections.flatMap((section) =>
    section.fields.map((field) => {
      const name = field.name as FieldName;
      const raw = String(application[name]);
      const value = isOptionField(name) ? optionLabel(name, raw) : raw;
      return { field: name, label: field.label, value };
    }),
  );
  answers.push({
    field: "selectedPlan",
    label: questionnaire.planLabel,
    value: application.selectedPlan,
  });
  return answers;
}

/**
 * `text` (an error message, for the logs) with every free-text answer of the application blanked
 * out, wherever a mail server or an HTTP client quoted it.
 */
export function withoutAnswers(text: string, application: Application | undefined): string {
  if (!application) return text;
  let result = text;
  for (const field of textFieldNames) {
    const value = application[field].trim();
    if (value.length < 3) continue;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    result = result.replace(new RegExp(escaped, "gi"), `[${field}]`);
  }
  return result;
}
